import { useAtom } from 'jotai';

import { AssignRoleDialog } from '../../features/admin/assign-role-dialog';
import { CreateUserDialog } from '../../features/admin/create-user-dialog';
import { DisableUserDialog } from '../../features/admin/disable-user-dialog';
import { CreateRoleDialog, DeleteRoleDialog } from '../../features/admin/role-dialogs';
import { AddRuleDialog } from '../../features/detection/add-rule-dialog';
import { CreateWatchlistDialog } from '../../features/detection/create-watchlist-dialog';
import { ConnectSourceDialog } from '../../features/integrations/connect-source-dialog';
import { CreateChannelDialog } from '../../features/notifications/create-channel-dialog';
import { CreateRuleDialog } from '../../features/notifications/create-rule-dialog';
import { CloseInvestigationDialog } from '../../features/investigations/close-investigation-dialog';
import { LegalHoldDialog } from '../../features/investigations/legal-hold-dialog';
import { NoteDialog } from '../../features/investigations/note-dialog';
import { ReopenInvestigationDialog } from '../../features/investigations/reopen-investigation-dialog';
import { RevealDialog } from '../../features/privacy/reveal-dialog';
import { WithdrawRevealDialog } from '../../features/privacy/withdraw-reveal-dialog';
import { ChangePasswordDialog } from '../../features/settings/change-password-dialog';
import { CreateApiTokenDialog } from '../../features/settings/create-api-token-dialog';
import { TemplateEditorDialog } from '../../features/templates/template-editor-dialog';
import { openDialogAtom } from '../../state/dialogs';

/**
 * The admin flows' dialogs (users, roles, connecting a log source, detection rules and
 * watchlists) and changing one's password, mounted by the shell so the palette can start them
 * anywhere. The shell composes them because they come from several features.
 */
export function AppDialogs() {
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
    case 'changePassword':
      return <ChangePasswordDialog onClose={close} />;
    case 'createApiToken':
      return <CreateApiTokenDialog onClose={close} />;
    case 'addDetectionRule':
      return <AddRuleDialog {...(dialog.rule ? { initial: dialog.rule } : {})} onClose={close} />;
    case 'createWatchlist':
      return <CreateWatchlistDialog onClose={close} />;
    case 'createChannel':
      return <CreateChannelDialog onClose={close} />;
    case 'createNotificationRule':
      return <CreateRuleDialog onClose={close} />;
    case 'editTemplate':
      return (
        <TemplateEditorDialog
          {...(dialog.templateId ? { templateId: dialog.templateId } : {})}
          onClose={close}
        />
      );
    case 'writeNote':
      return (
        <NoteDialog
          investigationId={dialog.investigationId}
          amends={dialog.amends}
          onClose={close}
        />
      );
    case 'closeInvestigation':
      return <CloseInvestigationDialog investigationId={dialog.investigationId} onClose={close} />;
    case 'reopenInvestigation':
      return <ReopenInvestigationDialog investigationId={dialog.investigationId} onClose={close} />;
    case 'legalHold':
      return (
        <LegalHoldDialog
          investigationId={dialog.investigationId}
          change={dialog.change}
          onClose={close}
        />
      );
    case 'revealIdentity':
      return (
        <RevealDialog
          investigationId={dialog.investigationId}
          {...(dialog.employeeId ? { employeeId: dialog.employeeId } : {})}
          onClose={close}
        />
      );
    case 'withdrawReveal':
      return <WithdrawRevealDialog investigationId={dialog.investigationId} onClose={close} />;
    default:
      return null;
  }
}
