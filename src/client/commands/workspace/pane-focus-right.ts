import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Moves the focus to the right pane. */
export const paneFocusRight = defineCommand({
  id: 'pane.focusRight',
  title: 'Focus Right Pane',
  category: 'Workspace',
  keywords: ['split'],
  disabledReason: (c) =>
    c.keys.splitOpen ? null : 'The workspace is not split (Ctrl+\\ splits it).',
  run: () => workspace.focusPane(1),
});
