import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  privacySettingsReplySchema,
  privacySettingsUpdateSchema,
  privacyStatusSchema,
} from '../../../shared/schemas/privacy';
import type { PrivacySettings, PrivacySettingsReply } from '../../../shared/schemas/privacy';
import type { Viewer } from '../../accounts/viewer';
import {
  getPrivacySettings,
  holdPrivacySettings,
  savePrivacySettings,
} from '../../db/queries/privacy-settings';
import type { AuditEntryInput } from '../../plugins/audit';

const SWITCHABLE = ['pseudonymize', 'showOrgDetails', 'revealApproval', 'revealHours'] as const;

/** The settings as this viewer may read them: retention only for those who configure it. */
function settingsFor(settings: PrivacySettings, viewer: Viewer): PrivacySettingsReply {
  const { retention, ...status } = settings;
  return viewer.permissions.has('configuration.manage') ? { ...status, retention } : status;
}

/**
 * GET /privacy/status (anyone signed in: every screen shows a banner while pseudonymization is
 * off) and GET|PUT /privacy/settings (the switch, department and title, how reveals are
 * granted and for how long; writing needs configuration.manage). A change is audited as
 * `privacy.settings.update`, and turning the switch as its own `pseudonymization.off` / `.on`.
 * Retention has its own endpoint: the PUT leaves it as stored.
 */
export const privacySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/status',
    { schema: { tags: ['privacy'], response: { 200: privacyStatusSchema } } },
    async () => {
      const { retention: _retention, ...status } = await getPrivacySettings(app.db);
      return status;
    },
  );

  app.get(
    '/privacy/settings',
    { schema: { tags: ['privacy'], response: { 200: privacySettingsReplySchema } } },
    async (request) => settingsFor(await getPrivacySettings(app.db), request.viewer!),
  );

  app.put(
    '/privacy/settings',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['privacy'],
        body: privacySettingsUpdateSchema,
        response: { 200: privacySettingsReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const saved = await app.audited(request, async (trx) => {
        await holdPrivacySettings(trx, Date.now());
        const current = await getPrivacySettings(trx);
        const next: PrivacySettings = { ...current, ...request.body };
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of SWITCHABLE) {
          if (current[key] !== next[key]) changes[key] = { from: current[key], to: next[key] };
        }
        if (Object.keys(changes).length === 0) return { result: current, entry: null };
        await savePrivacySettings(trx, next, viewer.userId, Date.now());
        const entries: AuditEntryInput[] = [
          { action: 'privacy.settings.update', targetType: 'privacy', details: { changes } },
        ];
        if (changes.pseudonymize) {
          entries.push({
            action: next.pseudonymize ? 'pseudonymization.on' : 'pseudonymization.off',
            targetType: 'privacy',
            details: { pseudonymize: next.pseudonymize },
          });
        }
        return { result: next, entry: entries };
      });
      return settingsFor(saved, viewer);
    },
  );
};
