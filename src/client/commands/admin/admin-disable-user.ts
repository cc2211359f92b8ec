import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Starts disabling a user, behind a typed confirmation. */
export const adminDisableUser = defineCommand({
  id: 'admin.disableUser',
  title: 'Disable User…',
  category: 'Admin',
  keywords: ['deactivate', 'block'],
  disabledReason: (c) =>
    c.permissions.has('users.manage') ? null : 'Only administrators can do this.',
  run: () => appStore.set(openDialogAtom, { kind: 'disableUser' }),
});
