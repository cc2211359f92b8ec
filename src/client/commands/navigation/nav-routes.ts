import { navigableRouteIds } from '../../../shared/commands/command-ids';
import { routes } from '../../../shared/routes';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import type { ClientCommand } from '../command';
import { pathFor, routeDisabledReason } from './route-access';

/**
 * One `nav.<route>` command ("Go to …") per screen of the route table that needs no id the
 * context cannot supply. They differ only in the route, so they are made here from the route
 * table rather than written out as 25 identical files.
 */
export const routeCommands: ClientCommand[] = navigableRouteIds.map((routeId) => {
  const route: { title: string } = routes[routeId];
  return defineCommand({
    id: `nav.${routeId}`,
    title: `Go to ${route.title}`,
    category: 'Navigation',
    keywords: ['go', 'open', 'page', ...route.title.toLowerCase().split(/[\s:]+/)],
    disabledReason: (context) => routeDisabledReason(routeId, context),
    run: (args, context) => {
      const newTab = Boolean((args as { newTab?: boolean } | undefined)?.newTab);
      workspace.navigate(pathFor(routeId, context), { newTab });
    },
  });
});
