import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Moves the focus to the left pane. */
export const paneFocusLeft = defineCommand({
  id: 'pane.focusLeft',
  title: 'Focus Left Pane',
  category: 'Workspace',
  keywords: ['split'],
  disabledReason: (c) =>
    c.keys.splitOpen ? null : 'The workspace is not split (Ctrl+\\ splits it).',
  run: () => workspace.focusPane(0),
});
