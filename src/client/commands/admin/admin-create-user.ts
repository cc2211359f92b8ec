import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Starts creating a user. */
export const adminCreateUser = defineCommand({
  id: 'admin.createUser',
  title: 'Create User…',
  category: 'Admin',
  keywords: ['add', 'account'],
  disabledReason: (c) =>
    c.permissions.has('users.manage') ? null : 'Only administrators can do this.',
  run: () => appStore.set(openDialogAtom, { kind: 'createUser' }),
});
