import { buildPath } from '../../../shared/routes';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { cannotHunt } from './hunt-availability';
import { huntTarget, wantQueryFocus } from './hunt-target';

/**
 * "Hunt…": the Hunt screen with the caret in its query box, ready for a query (from the
 * palette, anywhere). On the Hunt screen it only moves the caret there.
 */
export const huntOpen = defineCommand({
  id: 'hunt.open',
  title: 'Hunt…',
  category: 'Hunt',
  keywords: ['search', 'query', 'everyone', 'events', 'kql', 'lucene', 'forensic', 'discover'],
  disabledReason: cannotHunt,
  run: () => {
    const shown = huntTarget();
    if (shown) {
      shown.focusQuery();
      return;
    }
    wantQueryFocus();
    workspace.navigate(buildPath('hunt', {}));
  },
});
