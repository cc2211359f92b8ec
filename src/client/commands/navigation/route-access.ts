import type { Permission } from '../../../shared/permissions';
import type { RouteId } from '../../../shared/routes';
import { buildPath, routes } from '../../../shared/routes';
import type { CommandContext } from '../command';

/** The permissions a screen needs (all of them), where it needs any. */
const ROUTE_PERMISSIONS: Partial<Record<RouteId, Permission | readonly Permission[]>> = {
  investigations: 'investigations.read',
  // Alerts are about everyone, before any case: for those who see every case and its evidence.
  alerts: ['investigations.read_all', 'evidence.read'],
  alert: ['investigations.read_all', 'evidence.read'],
  // A hunt reads every event of everyone.
  hunt: ['investigations.read_all', 'evidence.read'],
  employees: 'employees.read',
  integrations: 'integrations.manage',
  integrationSettings: 'integrations.manage',
  integrationQuarantine: 'integrations.manage',
  configuration: 'configuration.manage',
  manageUsers: 'users.manage',
  manageRoles: 'roles.manage',
  apiTokens: 'users.manage',
  // Rules and watchlists say what detection looks for and about whom: read like alerts.
  detectionRules: ['investigations.read_all', 'evidence.read'],
  watchlists: ['investigations.read_all', 'evidence.read'],
  logGenerator: 'dev.tools',
  templates: 'investigations.write',
  privacyReveals: 'privacy.approve',
  privacySettings: 'configuration.manage',
  notificationChannels: 'notifications.manage',
  notificationRules: 'notifications.manage',
  notificationDeliveries: 'notifications.manage',
  audit: 'audit.read',
};

/** Whether a role with these permissions may open a screen. */
export function mayOpenRoute(routeId: RouteId, granted: ReadonlySet<Permission>): boolean {
  const needed = ROUTE_PERMISSIONS[routeId];
  if (needed === undefined) return true;
  return (typeof needed === 'string' ? [needed] : needed).every((p) => granted.has(p));
}

/**
 * Where a role's work is, the screen it lands on after signing in: the dashboard for those who
 * work cases (it is made of cases and their evidence), the reveal requests for a privacy
 * officer, the audit log for an auditor, who reviews the process and reads no evidence.
 */
export function landingRoute(
  granted: ReadonlySet<Permission>,
): 'dashboard' | 'privacyReveals' | 'audit' {
  if (granted.has('investigations.write') || granted.has('evidence.read')) return 'dashboard';
  if (granted.has('privacy.approve')) return 'privacyReveals';
  if (granted.has('audit.read')) return 'audit';
  return 'dashboard';
}

/** Why a screen cannot be opened from here, or null. */
export function routeDisabledReason(
  routeId: RouteId,
  context: CommandContext,
  params: Record<string, string> = {},
): string | null {
  if (!mayOpenRoute(routeId, context.permissions))
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
