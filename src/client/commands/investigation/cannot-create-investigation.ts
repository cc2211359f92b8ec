import type { CommandContext } from '../command';

/**
 * Why the user cannot open a new investigation, or null. The create commands (palette, `c`) and
 * the buttons that open the dialog all ask this, so a role sees the same answer everywhere.
 */
export function cannotCreateInvestigation(
  context: Pick<CommandContext, 'permissions'>,
): string | null {
  return context.permissions.has('investigations.write')
    ? null
    : 'Your role does not allow creating investigations.';
}
