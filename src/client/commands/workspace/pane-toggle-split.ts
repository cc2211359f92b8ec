import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Opens or closes the side-by-side split. */
export const paneToggleSplit = defineCommand({
  id: 'pane.toggleSplit',
  title: 'Toggle Split View',
  category: 'Workspace',
  keywords: ['side by side', 'compare'],
  run: () => workspace.toggleSplit(),
});
