import { matchPath } from '../../../shared/routes';
import type { CommandContext } from '../command';

/**
 * The id of the employee the focused pane shows in detail, or null. Only the Employees page
 * shows one, named by its `employee` search parameter (set by a row, a link or the palette).
 */
export function currentEmployeeId(context: Pick<CommandContext, 'location'>): string | null {
  if (matchPath(context.location)?.routeId !== 'employees') return null;
  const search = /\?([^#]*)/.exec(context.location)?.[1] ?? '';
  return new URLSearchParams(search).get('employee') || null;
}
