import { useSyncExternalStore } from 'react';

import type { ThemeName } from './chart-theme';

function read(): ThemeName {
  return document.documentElement.classList.contains('light') ? 'light' : 'dark';
}

function subscribe(onChange: () => void): () => void {
  // The theme is a class on <html> (state/theme.ts sets it); watching the class itself means a
  // chart follows the theme whoever changes it, without importing app state.
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The theme on <html> right now; re-renders when it changes. */
export function useThemeName(): ThemeName {
  return useSyncExternalStore(subscribe, read, () => 'dark');
}
