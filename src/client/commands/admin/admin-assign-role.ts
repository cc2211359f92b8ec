import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Starts changing the roles of a user. */
export const adminAssignRole = defineCommand({
  id: 'admin.assignRole',
  title: 'Assign Global Role…',
  category: 'Admin',
  keywords: ['permission'],
  disabledReason: (c) =>
    c.permissions.has('users.manage') ? null : 'Only administrators can do this.',
  run: () => appStore.set(openDialogAtom, { kind: 'assignRole' }),
});
