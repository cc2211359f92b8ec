import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Shows the next tab. */
export const tabNext = defineCommand({
  id: 'tab.next',
  title: 'Next Tab',
  category: 'Workspace',
  keywords: ['switch'],
  disabledReason: (c) => (c.keys.tabCount === 1 ? 'There is only one tab.' : null),
  run: () => workspace.cycleTab(1),
});
