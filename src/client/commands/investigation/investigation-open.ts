import { z } from 'zod';

import { paletteModeAtom, paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

const args = z.object({ id: z.string().min(1), newTab: z.boolean().optional() });

/** Opens an investigation by id; without one, the palette searches investigations (`#`). */
export const investigationOpen = defineCommand({
  id: 'investigation.open',
  title: 'Open Investigation…',
  category: 'Investigation',
  keywords: ['case', 'report'],
  disabledReason: (c) =>
    c.permissions.has('investigations.read')
      ? null
      : 'Your role does not give access to investigations.',
  run: (raw) => {
    const parsed = args.safeParse(raw);
    if (parsed.success) {
      workspace.open(`/app/investigations/${encodeURIComponent(parsed.data.id)}`, {
        newTab: parsed.data.newTab ?? false,
      });
      return;
    }
    appStore.set(palettePagesAtom, []);
    appStore.set(paletteModeAtom, 'investigations');
    appStore.set(paletteOpenAtom, true);
  },
});
