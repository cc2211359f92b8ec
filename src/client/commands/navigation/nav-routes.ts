import { commandSpecs } from '../../../shared/commands/catalog';
import { isRouteId } from '../../../shared/routes';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import type { ClientCommand } from '../command';
import { pathFor, routeDisabledReason } from './route-access';

/**
 * One `nav.<route>` command per screen of the route table. They differ only in the route, so
 * they are made here from the catalogue rather than written out as 25 identical files.
 */
export const routeCommands: ClientCommand[] = commandSpecs
  .filter((spec) => spec.id.startsWith('nav.') && isRouteId(spec.id.slice(4)))
  .map((spec) => {
    const routeId = spec.id.slice(4);
    if (!isRouteId(routeId)) throw new Error(`unreachable: ${routeId}`);
    return defineCommand({
      id: spec.id,
      disabledReason: (context) => routeDisabledReason(routeId, context),
      run: (args, context) => {
        const newTab = Boolean((args as { newTab?: boolean } | undefined)?.newTab);
        workspace.navigate(pathFor(routeId, context), { newTab });
      },
    });
  });
