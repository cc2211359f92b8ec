import { matchPath } from '../../../shared/routes';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** The list a detail view belongs to: its path one segment up, when that is a screen. */
function parentOf(location: string): string | null {
  const path = location.split(/[?#]/)[0]!.replace(/\/$/, '');
  const up = path.slice(0, path.lastIndexOf('/'));
  if (!up || up === '/app') return null;
  return matchPath(up) ? up : null;
}

/** Leaves a detail view for the list above it (an incident for the incident list...). */
export const listBack = defineCommand({
  id: 'list.back',
  title: 'Back to List',
  category: 'List',
  keywords: ['up', 'return'],
  disabledReason: (c) => (parentOf(c.location) ? null : 'This view has no list above it.'),
  run: (_args, c) => {
    const parent = parentOf(c.location);
    if (parent) workspace.navigate(parent);
  },
});
