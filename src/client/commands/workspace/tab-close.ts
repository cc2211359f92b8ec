import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Closes the focused tab (the last one goes back to the dashboard). */
export const tabClose = defineCommand({
  id: 'tab.close',
  title: 'Close Tab',
  category: 'Workspace',
  keywords: ['remove'],
  run: () => workspace.closeTab(),
});
