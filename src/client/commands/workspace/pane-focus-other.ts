import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Moves the focus to the other pane. */
export const paneFocusOther = defineCommand({
  id: 'pane.focusOther',
  title: 'Focus Other Pane',
  category: 'Workspace',
  keywords: ['split', 'switch'],
  disabledReason: (c) =>
    c.keys.splitOpen ? null : 'The workspace is not split (Ctrl+\\ splits it).',
  run: () => workspace.focusPane('other'),
});
