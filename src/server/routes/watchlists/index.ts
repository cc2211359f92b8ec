import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  createWatchlistBodySchema,
  derivedWatchlistTitles,
  derivedWatchlists,
  listWatchlistsReplySchema,
  watchlistSchema,
} from '../../../shared/schemas/watchlists';
import {
  countWatchlistMembers,
  createWatchlist,
  existingEmployeeIds,
  listKeptWatchlists,
} from '../../db/queries/watchlists';
import { conflict, invalid } from '../../domain-error';

const DERIVED_DESCRIPTIONS = {
  departing: 'People with a resignation or departure date from HR, until a month after they leave.',
  'new-hires': 'People who started in the last 90 days.',
  privileged:
    'People who performed admin actions in the last 90 days: granted admin rights or roles, created or changed accounts.',
} as const;

/**
 * GET /watchlists (derived and kept lists with their member counts, for those who see alerts)
 * and POST /watchlists (a list kept by hand; configuration.manage). Creating one is audited.
 */
export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/watchlists',
    {
      preHandler: [
        app.requirePermission('investigations.read_all'),
        app.requirePermission('evidence.read'),
      ],
      schema: {
        tags: ['alerts'],
        querystring: z.strictObject({}),
        response: { 200: listWatchlistsReplySchema, 403: errorReplySchema },
      },
    },
    async () => {
      const now = Date.now();
      const derived = await Promise.all(
        derivedWatchlists.map(async (id) => ({
          id,
          name: derivedWatchlistTitles[id],
          description: DERIVED_DESCRIPTIONS[id],
          kind: 'derived' as const,
          members: await countWatchlistMembers(app.db, id, now),
          createdAt: null,
        })),
      );
      const kept = await Promise.all(
        (await listKeptWatchlists(app.db)).map(async (row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          kind: 'kept' as const,
          members: await countWatchlistMembers(app.db, row.id, now),
          createdAt: Number(row.created_at),
        })),
      );
      return { watchlists: [...derived, ...kept] };
    },
  );

  app.post(
    '/watchlists',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['alerts'],
        body: createWatchlistBodySchema,
        response: {
          201: watchlistSchema,
          400: errorReplySchema,
          403: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await app.audited(request, async (trx) => {
        const found = await existingEmployeeIds(trx, body.employeeIds);
        const unknown = body.employeeIds.filter((id) => !found.has(id));
        if (unknown.length > 0) {
          throw invalid(
            unknown.length === 1
              ? 'One of the employees is not in the directory.'
              : `${unknown.length} of the employees are not in the directory.`,
            'employeeIds',
          );
        }
        const names = await listKeptWatchlists(trx);
        const taken = [...names.map((n) => n.name), ...Object.values(derivedWatchlistTitles)];
        if (taken.some((name) => name.toLowerCase() === body.name.toLowerCase()))
          throw conflict('A watchlist is already called that.', 'name');
        const now = Date.now();
        const id = await createWatchlist(trx, { ...body, userId: request.viewer!.userId }, now);
        return {
          result: {
            id,
            name: body.name,
            description: body.description,
            kind: 'kept' as const,
            members: new Set(body.employeeIds).size,
            createdAt: now,
          },
          entry: {
            action: 'watchlist.create',
            targetType: 'watchlist',
            targetId: id,
            details: { name: body.name, employeeIds: [...new Set(body.employeeIds)] },
          },
        };
      });
      return reply.code(201).send(created);
    },
  );
};
