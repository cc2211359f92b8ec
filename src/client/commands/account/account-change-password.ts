import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Opens the form to change one's own password (the current one is asked for). */
export const accountChangePassword = defineCommand({
  id: 'account.changePassword',
  title: 'Change Password…',
  category: 'Account',
  keywords: ['password', 'passphrase', 'security', 'credentials'],
  run: () => appStore.set(openDialogAtom, { kind: 'changePassword' }),
});
