import { z } from 'zod';

import { paletteModeAtom, paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

const args = z.object({ id: z.string().min(1), newTab: z.boolean().optional() });

/** Opens an employee by id in the directory; without one, the palette searches people (`@`). */
export const employeeOpen = defineCommand({
  id: 'employee.open',
  title: 'Open Employee…',
  category: 'People',
  keywords: ['person', 'subject', 'user'],
  disabledReason: (c) =>
    c.permissions.has('employees.read')
      ? null
      : 'Your role does not give access to the employee directory.',
  run: (raw) => {
    const parsed = args.safeParse(raw);
    if (parsed.success) {
      workspace.navigate(`/app/employees/?employee=${encodeURIComponent(parsed.data.id)}`, {
        newTab: parsed.data.newTab ?? false,
      });
      return;
    }
    appStore.set(palettePagesAtom, []);
    appStore.set(paletteModeAtom, 'people');
    appStore.set(paletteOpenAtom, true);
  },
});
