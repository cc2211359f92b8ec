import { z } from 'zod';

import { themes } from '../../../shared/commands/command-ids';
import { appStore } from '../../state/store';
import { themeAtom } from '../../state/theme';
import { defineCommand } from '../command';

const args = z.object({ theme: z.enum(themes) });
const LABELS = { light: 'Light', dark: 'Dark', system: 'Follow the system' } as const;

/** Sets the theme: light, dark or system (kept under `ui-theme`). */
export const themeSet = defineCommand({
  id: 'theme.set',
  title: 'Set Theme…',
  category: 'Appearance',
  keywords: ['dark', 'light', 'system'],
  choices: () => themes.map((theme) => ({ id: theme, label: LABELS[theme], args: { theme } })),
  run: (raw) => appStore.set(themeAtom, args.parse(raw).theme),
});
