import { useAtom } from 'jotai';

import { openDialogAtom } from '../../state/dialogs';
import { ConnectSourceDialog } from '../integrations/connect-source-dialog';
import { AssignRoleDialog } from './assign-role-dialog';
import { CreateUserDialog } from './create-user-dialog';
import { DisableUserDialog } from './disable-user-dialog';
import { CreateRoleDialog, DeleteRoleDialog } from './role-dialogs';

/** The admin flows' dialogs (users, roles, connecting a log source), mounted by the shell so the palette can start them anywhere. */
export function AdminDialogs() {
  const [dialog, setDialog] = useAtom(openDialogAtom);
  const close = () => setDialog(null);
  switch (dialog?.kind) {
    case 'createUser':
      return <CreateUserDialog onClose={close} />;
    case 'disableUser':
      return (
        <DisableUserDialog {...(dialog.userId ? { userId: dialog.userId } : {})} onClose={close} />
      );
    case 'assignRole':
      return (
        <AssignRoleDialog {...(dialog.userId ? { userId: dialog.userId } : {})} onClose={close} />
      );
    case 'createRole':
      return <CreateRoleDialog onClose={close} />;
    case 'deleteRole':
      return <DeleteRoleDialog roleId={dialog.roleId} onClose={close} />;
    case 'connectSource':
      return <ConnectSourceDialog onClose={close} />;
    default:
      return null;
  }
}
