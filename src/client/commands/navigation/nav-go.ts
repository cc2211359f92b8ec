import { z } from 'zod';

import { routeIds, routes } from '../../../shared/routes';
import type { RouteId } from '../../../shared/routes';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { pathFor, routeDisabledReason } from './route-access';

const args = z.object({
  to: z.enum(routeIds as [RouteId, ...RouteId[]]),
  params: z.record(z.string(), z.string()).optional(),
  search: z.record(z.string(), z.string()).optional(),
  newTab: z.boolean().optional(),
});

/** Goes to any screen by route id (what keymaps bind when they need parameters or search). */
export const navGo = defineCommand({
  id: 'nav.go',
  title: 'Go to Page…',
  category: 'Navigation',
  keywords: ['open', 'route', 'page'],
  hiddenInPalette: true,
  keyTitle: (raw) => {
    const parsed = args.safeParse(raw);
    return parsed.success ? `Go to ${routes[parsed.data.to].title}` : 'Go to a Page';
  },
  disabledReason: () => null,
  run: (raw, context) => {
    const parsed = args.parse(raw);
    const reason = routeDisabledReason(parsed.to, context, parsed.params);
    if (reason) throw new Error(reason);
    workspace.navigate(pathFor(parsed.to, context, parsed.params, parsed.search), {
      newTab: parsed.newTab ?? false,
    });
  },
});
