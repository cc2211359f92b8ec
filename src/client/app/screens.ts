import type { RouteId } from '../../shared/routes';
import { evidenceScreens } from './evidence-screens';
import type { LayoutLoader, ScreenLoader } from './route-tree';

/**
 * What each route of src/shared/routes.ts shows: its screen, loaded on demand (the evidence
 * pages' screens are found by their file names). The routers are generated from this map and
 * the route table, so a path is written down only there; a unit test fails when a route has
 * no screen here or a screen has no route.
 */
export const screens = {
  landing: () => import('../features/auth/landing-page'),
  auth: () => import('../features/auth/sign-in-page'),
  authCallback: () => import('../features/auth/callback-page'),
  logGenerator: () => import('../features/log-generator/log-generator-page'),
  dashboard: () => import('../features/dashboard/dashboard-page'),
  templates: () => import('../features/templates/templates-page'),
  alerts: () => import('../features/alerts/alerts-page'),
  alert: () => import('../features/alerts/alert-page'),
  hunt: () => import('../features/hunt/hunt-page'),
  investigations: () => import('../features/investigations/investigations-page'),
  investigation: () => import('../features/investigations/overview-page'),
  mitre: () => import('../features/mitre/mitre-page'),
  incidents: () => import('../features/incidents/incidents-page'),
  incident: () => import('../features/incidents/incident-index'),
  subjectTimeline: () => import('../features/timeline/timeline-page'),
  evidenceLocker: () => import('../features/evidence/evidence-index'),
  ...evidenceScreens,
  integrations: () => import('../features/integrations/integrations-page'),
  integrationSettings: () => import('../features/integrations/integration-settings-page'),
  integrationQuarantine: () => import('../features/integrations/quarantine-page'),
  employees: () => import('../features/employees/employees-page'),
  configuration: () => import('../features/configuration/configuration-page'),
  manageUsers: () => import('../features/admin/manage-users-page'),
  manageRoles: () => import('../features/admin/manage-roles-page'),
  detectionRules: () => import('../features/detection/detection-rules-page'),
  watchlists: () => import('../features/detection/watchlists-page'),
  apiTokens: () => import('../features/admin/api-tokens-page'),
  audit: () => import('../features/audit/audit-page'),
  privacyReveals: () => import('../features/privacy/reveal-requests-page'),
  privacySettings: () => import('../features/privacy/privacy-settings-page'),
  notificationChannels: () => import('../features/notifications/channels-page'),
  notificationRules: () => import('../features/notifications/rules-page'),
  notificationDeliveries: () => import('../features/notifications/deliveries-page'),
  settings: () => import('../features/settings/settings-page'),
} satisfies Record<RouteId, ScreenLoader>;

/**
 * Frames shared by every route at or below a route's path: the route's own screen becomes the
 * frame's index view, and the routes under its path render inside it.
 */
export const layouts: Partial<Record<RouteId, LayoutLoader>> = {
  /** Header and sections of one investigation; its loader sends a 404 back to the list. */
  investigation: () => import('../features/investigations/investigation-route'),
  /** The incident's header; its timeline is the index view. */
  incident: async () => ({
    Component: (await import('../features/incidents/incident-page')).default,
  }),
  /** The locker's page list with anomaly counts, beside the chosen page. */
  evidenceLocker: async () => ({
    Component: (await import('../features/evidence/evidence-locker-layout')).default,
  }),
};
