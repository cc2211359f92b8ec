import { randomUUID } from 'node:crypto';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  savedHuntCreateSchema,
  savedHuntListSchema,
  savedHuntRuleSchema,
  savedHuntSchema,
  savedHuntUpdateSchema,
} from '../../../shared/schemas/hunt';
import type { HuntTime, SavedHunt } from '../../../shared/schemas/hunt';
import { readJson, toJson } from '../../db/dialect';
import {
  deleteSavedHunt,
  findSavedHunt,
  insertSavedHunt,
  listSavedHunts,
  updateSavedHunt,
} from '../../db/queries/saved-hunts';
import type { SavedHuntRow } from '../../db/queries/saved-hunts';
import { forbidden, notFound } from '../../domain-error';
import { parseHuntQuery } from '../../hunt/parse-query';
import { filterToSigma } from '../../hunt/to-sigma';
import { huntFilterOf, huntToRule } from '../../hunt/to-rule';

const params = z.strictObject({ id: idParam });
const errors = { 400: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const NOT_FOUND = 'There is no saved search with that id.';

function present(row: SavedHuntRow, userId: string): SavedHunt {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    query: row.query,
    time: readJson<HuntTime>(row.time),
    visibility: row.visibility === 'shared' ? 'shared' : 'private',
    mine: row.owner_id === userId,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Saved hunting searches: name, description, query, time, private or shared. Only the author
 * edits or deletes one; a shared search is read by everyone who may hunt. Each becomes a
 * detection rule (Vigil JSON and Sigma) to test and add under Detection rules.
 */
export const savedHuntRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hunt/saved',
    {
      schema: {
        summary: "The caller's saved searches and everyone's shared ones",
        tags: ['hunt'],
        response: { 200: savedHuntListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.viewer!.userId;
      const rows = await listSavedHunts(app.db, userId);
      return { searches: rows.map((row) => present(row, userId)) };
    },
  );

  app.post(
    '/hunt/saved',
    {
      schema: {
        summary: 'Saves a search',
        tags: ['hunt'],
        body: savedHuntCreateSchema,
        response: { 201: savedHuntSchema, ...errors },
      },
    },
    async (request, reply) => {
      parseHuntQuery(request.body.query);
      const userId = request.viewer!.userId;
      const now = Date.now();
      const row: SavedHuntRow = {
        id: randomUUID(),
        owner_id: userId,
        name: request.body.name,
        description: request.body.description,
        query: request.body.query,
        time: toJson(request.body.time),
        visibility: request.body.visibility,
        created_at: now,
        updated_at: now,
      };
      await app.audited(request, async (trx) => {
        await insertSavedHunt(trx, row);
        return {
          result: null,
          entry: {
            action: 'hunt.save',
            targetType: 'saved_hunt',
            targetId: row.id,
            details: { name: row.name, q: row.query, visibility: row.visibility },
          },
        };
      });
      return reply.code(201).send(present(row, userId));
    },
  );

  app.patch(
    '/hunt/saved/:id',
    {
      schema: {
        summary: 'Changes a saved search of ones own',
        tags: ['hunt'],
        params,
        body: savedHuntUpdateSchema,
        response: { 200: savedHuntSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.viewer!.userId;
      const change = request.body;
      if (change.query !== undefined) parseHuntQuery(change.query);
      return app.audited(request, async (trx) => {
        const found = await findSavedHunt(trx, userId, request.params.id);
        if (!found) throw notFound(NOT_FOUND);
        if (found.owner_id !== userId)
          throw forbidden('Only the author of a saved search changes it.');
        const updated: SavedHuntRow = {
          ...found,
          ...(change.name !== undefined && { name: change.name }),
          ...(change.description !== undefined && { description: change.description }),
          ...(change.query !== undefined && { query: change.query }),
          ...(change.time !== undefined && { time: toJson(change.time) }),
          ...(change.visibility !== undefined && { visibility: change.visibility }),
          updated_at: Date.now(),
        };
        const { id: _id, owner_id: _owner, created_at: _created, ...fields } = updated;
        await updateSavedHunt(trx, found.id, fields);
        return {
          result: present(updated, userId),
          entry: {
            action: 'hunt.save',
            targetType: 'saved_hunt',
            targetId: found.id,
            details: {
              changed: Object.keys(change),
              q: updated.query,
              visibility: updated.visibility,
            },
          },
        };
      });
    },
  );

  app.delete(
    '/hunt/saved/:id',
    {
      schema: {
        summary: 'Deletes a saved search of ones own',
        tags: ['hunt'],
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.viewer!.userId;
      await app.audited(request, async (trx) => {
        const found = await findSavedHunt(trx, userId, request.params.id);
        if (!found) throw notFound(NOT_FOUND);
        if (found.owner_id !== userId)
          throw forbidden('Only the author of a saved search deletes it.');
        await deleteSavedHunt(trx, found.id);
        return {
          result: null,
          entry: {
            action: 'hunt.delete',
            targetType: 'saved_hunt',
            targetId: found.id,
            details: { name: found.name },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/hunt/saved/:id/rule',
    {
      schema: {
        summary: 'A saved search as a detection rule: Vigil JSON and Sigma',
        tags: ['hunt'],
        params,
        response: { 200: savedHuntRuleSchema, ...errors },
      },
    },
    async (request) => {
      const found = await findSavedHunt(app.db, request.viewer!.userId, request.params.id);
      if (!found) throw notFound(NOT_FOUND);
      const tree = parseHuntQuery(found.query);
      const rule = huntToRule(found, tree);
      return {
        vigil: `${JSON.stringify(rule, null, 2)}\n`,
        sigma: filterToSigma(rule, huntFilterOf(tree)),
      };
    },
  );
};
