import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Starts creating a global role. */
export const adminCreateRole = defineCommand({
  id: 'admin.createRole',
  title: 'Create Global Role…',
  category: 'Admin',
  keywords: ['permission'],
  disabledReason: (c) =>
    c.permissions.has('roles.manage') ? null : 'Only administrators can do this.',
  run: () => appStore.set(openDialogAtom, { kind: 'createRole' }),
});
