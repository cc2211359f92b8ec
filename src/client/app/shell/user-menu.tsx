import { useAtomValue } from 'jotai';

import { useMe } from '../../api/auth/me';
import { runCommand } from '../../commands/run-command';
import { KeyHint } from '../../keymap/key-hint';
import { themeAtom } from '../../state/theme';
import type { ThemePreference } from '../../state/theme';

/** Who is signed in, the theme switch, the palette, settings and sign-out: each runs its command. */
export function UserMenu() {
  const me = useMe();
  const theme = useAtomValue(themeAtom);
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => void runCommand('palette.toggle', undefined, 'button')}
        // The key sits close to the edge, as in a menu, so the label keeps its room.
        style={{ justifyContent: 'space-between', paddingRight: 5 }}
      >
        {/* Short enough for the sidebar to show the key beside it. */}
        Command palette <KeyHint commandId="palette.toggle" />
      </button>
      <div style={{ display: 'grid', gap: 2, padding: '4px 4px 0' }}>
        <strong style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {me.data?.user.displayName}
        </strong>
        <span
          className="faint"
          style={{ fontSize: 11, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {me.data?.roles.map((role) => role.name).join(', ')}
        </span>
      </div>
      <label className="visually-hidden" htmlFor="theme-select">
        Theme
      </label>
      <select
        id="theme-select"
        className="select"
        value={theme}
        onChange={(event) =>
          void runCommand('theme.set', { theme: event.target.value as ThemePreference }, 'menu')
        }
      >
        <option value="dark">Dark theme</option>
        <option value="light">Light theme</option>
        <option value="system">System theme</option>
      </select>
      <div style={{ display: 'flex', gap: 6 }}>
        <button
          type="button"
          className="button"
          style={{ flex: 1 }}
          onClick={() => void runCommand('settings.keymap', undefined, 'menu')}
        >
          Settings
        </button>
        <button
          type="button"
          className="button"
          style={{ flex: 1 }}
          onClick={() => void runCommand('auth.signOut', undefined, 'menu')}
        >
          Sign out
        </button>
      </div>
    </>
  );
}
