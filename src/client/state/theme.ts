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

/** The resolved colours for a preference right now. */
export function resolveTheme(preference: ThemePreference): 'light' | 'dark' {
  if (preference !== 'system') return preference;
  return window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
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
