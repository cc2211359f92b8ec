import { logout } from '../../api/auth/logout';
import { ChangePasswordForm } from './change-password-form';

/**
 * What a user whose password an admin set (a new account, a reset) sees before anything else:
 * the shell shows this instead of the workspace until they choose their own.
 */
export function RequiredPasswordChange() {
  const signOut = async () => {
    try {
      await logout();
    } finally {
      window.location.assign('/auth');
    }
  };
  return (
    <main className="public">
      <div className="public-card" style={{ display: 'grid', gap: 14 }}>
        <h1>Choose your own password</h1>
        <p className="muted" style={{ margin: 0 }}>
          An administrator set your password, so it is only temporary. Choose one that only you know
          before you go on; your other sessions will be signed out.
        </p>
        <ChangePasswordForm onDone={() => undefined} />
        <button type="button" className="button ghost" onClick={() => void signOut()}>
          Sign out instead
        </button>
      </div>
    </main>
  );
}
