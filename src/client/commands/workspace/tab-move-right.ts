import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Moves the focused tab one place right. */
export const tabMoveRight = defineCommand({
  id: 'tab.moveRight',
  title: 'Move Tab Right',
  category: 'Workspace',
  keywords: ['reorder'],
  disabledReason: (c) => (c.keys.tabCount === 1 ? 'There is only one tab.' : null),
  run: () => workspace.moveTab(1),
});
