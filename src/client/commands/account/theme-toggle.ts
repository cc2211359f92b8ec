import { appStore } from '../../state/store';
import { resolveTheme, themeAtom } from '../../state/theme';
import { defineCommand } from '../command';

/** Switches between dark and light. */
export const themeToggle = defineCommand({
  id: 'theme.toggle',
  title: 'Toggle Dark/Light Theme',
  category: 'Appearance',
  keywords: ['dark', 'light'],
  run: () =>
    appStore.set(themeAtom, resolveTheme(appStore.get(themeAtom)) === 'dark' ? 'light' : 'dark'),
});
