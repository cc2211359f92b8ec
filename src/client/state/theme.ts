import { atom } from 'jotai';

/** The theme choice; `system` follows the operating system. */
export type ThemePreference = 'light' | 'dark' | 'system';

/** localStorage key of the theme, as the brief names it. */
export const THEME_STORAGE_KEY = 'ui-theme';

function readStored(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' || value === 'system' ? value : 'dark';
  } catch {
    return 'dark';
  }
}

/** What the operating system asks for; a media query, so a change fires its `change` event. */
const SYSTEM_LIGHT_QUERY = '(prefers-color-scheme: light)';

function readSystemScheme(): 'light' | 'dark' {
  return window.matchMedia(SYSTEM_LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** The resolved colours for a preference right now. */
export function resolveTheme(preference: ThemePreference): 'light' | 'dark' {
  return preference === 'system' ? readSystemScheme() : preference;
}

/** Puts the theme's class on <html>, which the stylesheet keys its colours on. */
export function applyTheme(preference: ThemePreference): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolveTheme(preference));
}

const baseThemeAtom = atom<ThemePreference>(readStored());

/** Dark by default; stored as the plain string under `ui-theme` and applied on every change. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, next: ThemePreference) => {
    set(baseThemeAtom, next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    applyTheme(next);
  },
);

const baseSystemSchemeAtom = atom<'light' | 'dark'>('dark');

/**
 * The operating system's scheme, kept current while anything reads it: mounting listens to the
 * media query, and each change re-applies the theme when the choice is `system`.
 */
const systemSchemeAtom = atom(
  (get) => get(baseSystemSchemeAtom),
  (get, set, scheme: 'light' | 'dark') => {
    set(baseSystemSchemeAtom, scheme);
    if (get(baseThemeAtom) === 'system') applyTheme('system');
  },
);
systemSchemeAtom.onMount = (setScheme) => {
  const query = window.matchMedia(SYSTEM_LIGHT_QUERY);
  const onChange = () => setScheme(query.matches ? 'light' : 'dark');
  onChange();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** The colours in use: the choice, or the operating system's while the choice is `system`. */
export const resolvedThemeAtom = atom((get) => {
  const preference = get(themeAtom);
  return preference === 'system' ? get(systemSchemeAtom) : preference;
});
