import { randomUUID } from 'node:crypto';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { pinEndpoints } from '../../../shared/findings/case-endpoints';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import type { Pin } from '../../../shared/schemas/findings/pins';
import { deletePin, insertPin, listPins } from '../../db/queries/findings/pins';
import type { PinRecord } from '../../db/queries/findings/pins';
import { conflict, notFound } from '../../domain-error';
import { loadInvestigation } from '../../case/load-investigation';
import { casePath, findingParams } from './define-finding';

const { list, create, remove } = pinEndpoints;

function present(pin: PinRecord): Pin {
  return { ...pin, kind: pin.kind as Pin['kind'] };
}

/**
 * Pinned evidence: list (evidence.read), pin and unpin (evidence.write); all audited. A pin's
 * page must be one of the catalogue's evidence pages (or the incident timeline).
 */
export const pinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    casePath(list.path),
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        tags: ['evidence'],
        params: findingParams,
        querystring: z.strictObject({}),
        response: { 200: list.reply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(app.db, request.params.id, request.viewer!);
      const pins = await listPins(app.db, investigation.id);
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: investigation.id,
        details: { page: 'pins' },
      });
      return { pins: pins.map(present) };
    },
  );

  app.post(
    casePath(create.path),
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        tags: ['evidence'],
        params: findingParams,
        body: create.body,
        response: {
          201: create.reply,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer!;
      const body = request.body;
      const id = randomUUID();
      const pin = await app.audited(request, async (trx) => {
        const investigation = await loadInvestigation(trx, request.params.id, viewer);
        const created = await insertPin(trx, {
          id,
          investigationId: investigation.id,
          kind: body.kind,
          ref: body.ref,
          label: body.label,
          page: body.page,
          snapshot: body.snapshot,
          note: body.note,
          createdBy: viewer.userId,
          createdAt: Date.now(),
        });
        if (!created) throw conflict(`“${body.label}” is already pinned to this investigation.`);
        return {
          result: (await listPins(trx, investigation.id)).find((p) => p.id === id)!,
          entry: {
            action: 'evidence.pin',
            targetType: 'investigation',
            targetId: investigation.id,
            details: {
              pinId: id,
              kind: body.kind,
              ref: body.ref,
              label: body.label,
              page: body.page,
              note: body.note,
            },
          },
        };
      });
      return reply.code(201).send(present(pin));
    },
  );

  app.delete(
    casePath(remove.path),
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        tags: ['evidence'],
        params: findingParams.extend({ pinId: idParam }),
        response: { 204: z.null(), 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { pinId } = request.params;
      await app.audited(request, async (trx) => {
        const investigation = await loadInvestigation(trx, request.params.id, request.viewer!);
        const removed = await deletePin(trx, investigation.id, pinId);
        if (!removed) throw notFound(`There is no pin ${pinId} on this investigation.`);
        return {
          result: null,
          entry: {
            action: 'evidence.unpin',
            targetType: 'investigation',
            targetId: investigation.id,
            details: {
              pinId: removed.id,
              kind: removed.kind,
              ref: removed.ref,
              label: removed.label,
            },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
