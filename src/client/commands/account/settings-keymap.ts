import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Opens the keyboard settings. */
export const settingsKeymap = defineCommand({
  id: 'settings.keymap',
  run: () => workspace.navigate('/app/settings'),
});
