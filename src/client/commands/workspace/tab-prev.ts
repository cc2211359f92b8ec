import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Shows the previous tab. */
export const tabPrev = defineCommand({
  id: 'tab.prev',
  title: 'Previous Tab',
  category: 'Workspace',
  keywords: ['switch'],
  disabledReason: (c) => (c.keys.tabCount === 1 ? 'There is only one tab.' : null),
  run: () => workspace.cycleTab(-1),
});
