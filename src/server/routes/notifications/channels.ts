import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  channelCreateSchema,
  channelListSchema,
  channelPatchSchema,
  channelSchema,
  channelTestReplySchema,
} from '../../../shared/schemas/notifications';
import {
  deleteChannel,
  findChannel,
  insertChannel,
  listChannels,
  updateChannel,
} from '../../db/queries/notification-channels';
import { notFound } from '../../domain-error';
import { changedSettings, newChannelRow, presentChannel } from '../../notify/channel-settings';
import { sendTest } from '../../notify/send-test';

const params = z.object({ id: idParam });
const errors = { 400: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
// The same sentence for every id: what a caller sent is never echoed (issue 23).
const missing = () => notFound('There is no notification channel with that id.');

/**
 * /notifications/channels: where Vigil sends (admins; every change audited, secrets by name
 * only). Secrets are write-only; URLs follow the connectors' outbound rule.
 */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = app.collection.secretBox;
  const allowInsecure = app.config.allowHttpConnectors;

  app.get(
    '/notifications/channels',
    { schema: { tags: ['notifications'], response: { 200: channelListSchema, ...errors } } },
    async () => ({ channels: (await listChannels(app.db)).map(presentChannel) }),
  );

  app.post(
    '/notifications/channels',
    {
      schema: {
        tags: ['notifications'],
        body: channelCreateSchema,
        response: { 201: channelSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = newChannelRow(request.body, box, allowInsecure, Date.now());
      await app.audited(request, async (trx) => {
        await insertChannel(trx, row);
        return {
          result: null,
          entry: {
            action: 'notification.channel.create',
            targetType: 'notification_channel',
            targetId: row.id,
            details: { kind: row.kind, name: row.name },
          },
        };
      });
      return reply.code(201).send(presentChannel(row));
    },
  );

  app.patch(
    '/notifications/channels/:id',
    {
      schema: {
        tags: ['notifications'],
        params,
        body: channelPatchSchema,
        response: { 200: channelSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await app.audited(request, async (trx) => {
        const row = await findChannel(trx, id);
        if (!row) throw missing();
        const settings = body.settings
          ? changedSettings(row, body.settings, box, allowInsecure)
          : null;
        await updateChannel(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
          ...(settings?.columns ?? {}),
          updated_at: Date.now(),
        });
        return {
          result: null,
          entry: {
            action: 'notification.channel.update',
            targetType: 'notification_channel',
            targetId: id,
            details: {
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
              ...(body.settings ? { settings: Object.keys(body.settings).sort() } : {}),
              ...(settings && settings.changedSecrets.length > 0
                ? { secretsChanged: settings.changedSecrets }
                : {}),
            },
          },
        };
      });
      return presentChannel((await findChannel(app.db, id))!);
    },
  );

  app.delete(
    '/notifications/channels/:id',
    { schema: { tags: ['notifications'], params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const row = await findChannel(trx, id);
        if (!row) throw missing();
        await deleteChannel(trx, id);
        return {
          result: null,
          entry: {
            action: 'notification.channel.delete',
            targetType: 'notification_channel',
            targetId: id,
            details: { kind: row.kind, name: row.name },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/channels/:id/test',
    {
      schema: {
        tags: ['notifications'],
        params,
        response: { 200: channelTestReplySchema, ...errors },
      },
    },
    async (request) => {
      const row = await findChannel(app.db, request.params.id);
      if (!row) throw missing();
      const result = await sendTest(app.notifications.deps, row.id, Date.now());
      await app.audit(request, {
        action: 'notification.channel.test',
        targetType: 'notification_channel',
        targetId: row.id,
        details: { ok: result.ok, deliveryId: result.deliveryId },
      });
      return result;
    },
  );
};
