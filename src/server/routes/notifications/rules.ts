import { randomUUID } from 'node:crypto';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  notificationRuleSchema,
  ruleCreateSchema,
  ruleListSchema,
  rulePatchSchema,
  type NotificationRule,
  type Trigger,
} from '../../../shared/schemas/notifications';
import { shippedPolicies } from '../../analysis/rules/policies';
import { ruleCatalogue } from '../../analysis/rules/rule-catalogue';
import { readJson, toJson } from '../../db/dialect';
import { unknownChannelIds } from '../../db/queries/notification-channels';
import {
  deleteNotificationRule,
  findNotificationRule,
  insertNotificationRule,
  listNotificationRules,
  updateNotificationRule,
  type NotificationRuleRow,
} from '../../db/queries/notification-rules';
import type { Database } from '../../db/schema';
import { isDerivedWatchlist, keptWatchlistExists } from '../../db/queries/watchlists';
import { invalid, notFound } from '../../domain-error';

const params = z.object({ id: idParam });
const errors = { 400: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const missing = () => notFound('There is no notification rule with that id.');

function presentRule(row: NotificationRuleRow): NotificationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    trigger: readJson<Trigger>(row.trigger),
    channelIds: readJson<string[]>(row.channel_ids),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Every channel a rule names must exist (the sentence names none of them: issue 23). */
async function checkChannels(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  const unknown = await unknownChannelIds(db, [...new Set(ids)]);
  if (unknown.length > 0) {
    throw invalid(
      unknown.length === 1
        ? 'One of the channels does not exist.'
        : `${unknown.length} of the channels do not exist.`,
      'channelIds',
    );
  }
}

/**
 * An alert trigger's filters must name a detection rule, a policy and a watchlist that exist
 * (a typo would otherwise never match and never say so); the sentence echoes none of them.
 */
async function checkFilters(db: Kysely<Database>, trigger: Trigger): Promise<void> {
  if (trigger.kind !== 'alert') return;
  if (trigger.rule && !(await ruleCatalogue(db)).some((entry) => entry.rule.id === trigger.rule))
    throw invalid('There is no detection rule with that id.', 'trigger.rule');
  if (trigger.policy && !shippedPolicies().some((policy) => policy.id === trigger.policy))
    throw invalid('There is no detection policy with that id.', 'trigger.policy');
  if (
    trigger.watchlist &&
    !isDerivedWatchlist(trigger.watchlist) &&
    !(await keptWatchlistExists(db, trigger.watchlist))
  )
    throw invalid('There is no watchlist with that id.', 'trigger.watchlist');
}

/** /notifications/rules: what is sent where (admins; every change audited). */
export const notificationRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/rules',
    { schema: { tags: ['notifications'], response: { 200: ruleListSchema, ...errors } } },
    async () => ({ rules: (await listNotificationRules(app.db)).map(presentRule) }),
  );

  app.post(
    '/notifications/rules',
    {
      schema: {
        tags: ['notifications'],
        body: ruleCreateSchema,
        response: { 201: notificationRuleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = Date.now();
      const row: NotificationRuleRow = {
        id: randomUUID(),
        name: body.name,
        enabled: body.enabled ? 1 : 0,
        trigger_kind: body.trigger.kind,
        trigger: toJson(body.trigger),
        channel_ids: toJson([...new Set(body.channelIds)]),
        created_at: now,
        updated_at: now,
      };
      await app.audited(request, async (trx) => {
        await checkChannels(trx, body.channelIds);
        await checkFilters(trx, body.trigger);
        await insertNotificationRule(trx, row);
        return {
          result: null,
          entry: {
            action: 'notification.rule.create',
            targetType: 'notification_rule',
            targetId: row.id,
            details: { name: body.name, trigger: body.trigger, channelIds: body.channelIds },
          },
        };
      });
      return reply.code(201).send(presentRule((await findNotificationRule(app.db, row.id))!));
    },
  );

  app.patch(
    '/notifications/rules/:id',
    {
      schema: {
        tags: ['notifications'],
        params,
        body: rulePatchSchema,
        response: { 200: notificationRuleSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await app.audited(request, async (trx) => {
        if (!(await findNotificationRule(trx, id))) throw missing();
        if (body.channelIds) await checkChannels(trx, body.channelIds);
        if (body.trigger) await checkFilters(trx, body.trigger);
        await updateNotificationRule(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
          ...(body.trigger
            ? { trigger_kind: body.trigger.kind, trigger: toJson(body.trigger) }
            : {}),
          ...(body.channelIds ? { channel_ids: toJson([...new Set(body.channelIds)]) } : {}),
          updated_at: Date.now(),
        });
        return {
          result: null,
          entry: {
            action: 'notification.rule.update',
            targetType: 'notification_rule',
            targetId: id,
            details: { ...body },
          },
        };
      });
      return presentRule((await findNotificationRule(app.db, id))!);
    },
  );

  app.delete(
    '/notifications/rules/:id',
    { schema: { tags: ['notifications'], params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const row = await findNotificationRule(trx, id);
        if (!row) throw missing();
        await deleteNotificationRule(trx, id);
        return {
          result: null,
          entry: {
            action: 'notification.rule.delete',
            targetType: 'notification_rule',
            targetId: id,
            details: { name: row.name },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
