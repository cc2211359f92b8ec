import { logout } from '../../api/auth/logout';
import { defineCommand } from '../command';

/** Ends the session and goes to the sign-in page. */
export const authSignOut = defineCommand({
  id: 'auth.signOut',
  title: 'Sign Out',
  category: 'Account',
  keywords: ['log out', 'logout'],
  run: async () => {
    try {
      await logout();
    } finally {
      window.location.assign('/auth');
    }
  },
});
