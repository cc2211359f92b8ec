import { Dialog } from '../../components/dialog';
import { ChangePasswordForm } from './change-password-form';

/** Changing one's own password, over whatever screen is open (the palette or the settings screen opens it). */
export function ChangePasswordDialog(props: { onClose: () => void }) {
  return (
    <Dialog title="Change password" onClose={props.onClose}>
      <p className="muted" style={{ margin: 0 }}>
        Your other sessions are signed out when the password changes; this one stays.
      </p>
      <ChangePasswordForm onDone={props.onClose} onCancel={props.onClose} />
    </Dialog>
  );
}
