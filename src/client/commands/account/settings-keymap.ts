import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

/** Opens the keyboard settings. */
export const settingsKeymap = defineCommand({
  id: 'settings.keymap',
  title: 'Open Keyboard Shortcut Settings',
  category: 'Settings',
  keywords: ['keys', 'remap'],
  run: () => workspace.navigate('/app/settings'),
});
