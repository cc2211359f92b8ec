import type { Permission } from '../../../shared/permissions';
import type { RouteId } from '../../../shared/routes';
import { buildPath, routes } from '../../../shared/routes';
import type { CommandContext } from '../command';

/** The permission a screen needs, where it needs one. */
const ROUTE_PERMISSIONS: Partial<Record<RouteId, Permission>> = {
  investigations: 'investigations.read',
  employees: 'employees.read',
  integrations: 'integrations.manage',
  integrationSettings: 'integrations.manage',
  configuration: 'configuration.manage',
  manageUsers: 'users.manage',
  manageRoles: 'roles.manage',
  logGenerator: 'dev.tools',
  templates: 'investigations.write',
};

/** Why a screen cannot be opened from here, or null. */
export function routeDisabledReason(
  routeId: RouteId,
  context: CommandContext,
  params: Record<string, string> = {},
): string | null {
  const permission = ROUTE_PERMISSIONS[routeId];
  if (permission && !context.permissions.has(permission))
    return 'Your role does not give access to this screen.';
  const route: { needsInvestigation: boolean } = routes[routeId];
  if (route.needsInvestigation && !params.id && !context.investigationId)
    return 'Open an investigation first.';
  return null;
}

/** The path of a screen, taking the current investigation when the screen needs one. */
export function pathFor(
  routeId: RouteId,
  context: CommandContext,
  params: Record<string, string> = {},
  search?: Record<string, string>,
): string {
  const filled = { ...(context.investigationId ? { id: context.investigationId } : {}), ...params };
  return buildPath(routeId, filled as never, search);
}
