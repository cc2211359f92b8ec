import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Moves the focused tab one place left. */
export const tabMoveLeft = defineCommand({
  id: 'tab.moveLeft',
  title: 'Move Tab Left',
  category: 'Workspace',
  keywords: ['reorder'],
  disabledReason: (c) => (c.keys.tabCount === 1 ? 'There is only one tab.' : null),
  run: () => workspace.moveTab(-1),
});
