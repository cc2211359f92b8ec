import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Opens a new tab on the dashboard. */
export const tabNew = defineCommand({
  id: 'tab.new',
  title: 'New Tab',
  category: 'Workspace',
  keywords: ['open'],
  run: () => workspace.openTab('/app/'),
});
