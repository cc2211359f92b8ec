import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireOwnPassword } from '../accounts/own-password-gate';
import { adminRoleRoutes } from './admin/roles';
import { alertRoutes } from './alerts';
import { adminTokenRoutes } from './admin/tokens';
import { adminUserRoutes } from './admin/users';
import { auditRoutes } from './audit/list';
import { generatorRoutes } from './dev/generator';
import { loginRoute } from './auth/login';
import { logoutRoute } from './auth/logout';
import { meRoute } from './auth/me';
import { ssoRoutes } from './auth/sso';
import { configurationRoutes } from './configuration';
import { detectionRuleRoutes } from './detection';
import { findingRoutes } from './findings';
import { employeeRiskRoute } from './identity/employee-risk';
import { employeeRoutes } from './identity/employees';
import { huntRoutes } from './hunt';
import { incidentRoutes } from './incidents';
import { integrationRoutes, pushIngestRoute } from './integrations';
import { investigationRoutes } from './investigations';
import { myPasswordRoutes } from './me/password';
import { myNotificationRoutes } from './me/notifications';
import { mySettingsRoutes } from './me/settings';
import { notificationRoutes } from './notifications';
import { myTokenRoutes } from './me/tokens';
import { openApiRoute } from './openapi';
import { guardTextSearch, redactApiReplies } from '../plugins/privacy';
import { guardApiScope } from '../plugins/security';
import { privacyRoutes } from './privacy';
import { retentionRoutes } from './privacy/retention';
import { reportRoutes } from './reports';
import { searchEventsRoute } from './search/events';
import { templateRoutes } from './templates';
import { timelineRoutes } from './timeline';
import { userDirectoryRoutes } from './users/directory';
import { watchlistRoutes } from './watchlists';

/** Every route that needs the user's own password (not a temporary one) first. */
const ownPasswordRoutes: FastifyPluginAsyncZod = async (authenticated) => {
  authenticated.addHook('onRequest', requireOwnPassword);
  await authenticated.register(mySettingsRoutes);
  await authenticated.register(myNotificationRoutes);
  await authenticated.register(myTokenRoutes);
  await authenticated.register(investigationRoutes);
  await authenticated.register(findingRoutes);
  await authenticated.register(timelineRoutes);
  await authenticated.register(configurationRoutes);
  await authenticated.register(incidentRoutes);
  await authenticated.register(reportRoutes);
  await authenticated.register(alertRoutes);
  await authenticated.register(watchlistRoutes);
  await authenticated.register(detectionRuleRoutes);
  await authenticated.register(templateRoutes);
  await authenticated.register(searchEventsRoute);
  await authenticated.register(huntRoutes);
  await authenticated.register(employeeRoutes);
  await authenticated.register(employeeRiskRoute);
  await authenticated.register(integrationRoutes);
  await authenticated.register(generatorRoutes);
  await authenticated.register(userDirectoryRoutes);
  await authenticated.register(adminUserRoutes);
  await authenticated.register(adminRoleRoutes);
  await authenticated.register(adminTokenRoutes);
  await authenticated.register(auditRoutes);
  await authenticated.register(retentionRoutes);
  await authenticated.register(privacyRoutes);
  await authenticated.register(notificationRoutes);
  await authenticated.register(openApiRoute);
};

/**
 * Everything under /api/app. Only sign-in and sign-out are reachable without a session or an
 * API token (`Authorization: Bearer`).
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // By scope, not by URL prefix: these hold for every route below, however its path is spelled.
  guardApiScope(app);
  redactApiReplies(app);
  guardTextSearch(app);
  await app.register(loginRoute);
  await app.register(logoutRoute);
  await app.register(ssoRoutes);
  // Authenticated by the integration's ingest token, not by a session.
  await app.register(pushIngestRoute);

  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', (request, reply) =>
      authenticated.authenticate(request, reply),
    );
    // Who am I and changing one's password stay open to a temporary password; the rest waits.
    await authenticated.register(meRoute);
    await authenticated.register(myPasswordRoutes);
    await authenticated.register(ownPasswordRoutes);
  });
};
