import { randomUUID } from 'node:crypto';

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  caseNoteSchema,
  createCaseNoteBodySchema,
  listCaseNotesReplySchema,
  NOTE_IMMUTABLE_MESSAGE,
} from '../../../shared/schemas/case-notes';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { loadInvestigation } from '../../case/load-investigation';
import { loadWritableInvestigation } from '../../case/writable-case';
import { findCaseNotes, insertCaseNote, listCaseNotes } from '../../db/queries/case-notes';
import { invalid } from '../../domain-error';
import { presentCaseNote } from '../../presenters/case-note';

const params = z.object({ id: idParam });

/**
 * GET|POST /investigations/{id}/notes: a case's notes, append-only. Writing one is audited
 * (`note.create`) and refused on a closed case; a correction names the note it amends. Every
 * method that would change or remove a note answers 405 with the sentence that says how.
 */
export const caseNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/notes',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: {
        tags: ['case record'],
        params,
        querystring: z.strictObject({}),
        response: { 200: listCaseNotesReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      const notes = await listCaseNotes(app.db, investigation.id);
      await app.audit(request, {
        action: 'note.list',
        targetType: 'investigation',
        targetId: investigation.id,
        details: { subjectEmployeeId: investigation.subject.id },
      });
      const policy = await request.identityPolicy();
      return { notes: notes.map((note) => presentCaseNote(note, policy)) };
    },
  );

  app.post(
    '/investigations/:id/notes',
    {
      preHandler: app.requirePermission('investigations.write'),
      schema: {
        tags: ['case record'],
        params,
        body: createCaseNoteBodySchema,
        response: {
          201: caseNoteSchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { body, amends = null } = request.body;
      const id = randomUUID();
      const note = await app.audited(request, async (trx) => {
        const investigation = await loadWritableInvestigation(
          trx,
          request.params.id,
          viewer,
          policy,
        );
        if (amends !== null) {
          const [amended] = await findCaseNotes(trx, investigation.id, [amends]);
          if (!amended)
            throw invalid('The note it amends is not a note of this investigation.', 'amends');
        }
        await insertCaseNote(trx, {
          id,
          investigationId: investigation.id,
          body,
          amends,
          createdBy: viewer.userId,
          createdAt: Date.now(),
        });
        const [created] = await findCaseNotes(trx, investigation.id, [id]);
        return {
          result: created!,
          entry: {
            action: 'note.create',
            targetType: 'investigation',
            targetId: investigation.id,
            details: { noteId: id, amends, length: body.length },
          },
        };
      });
      return reply.code(201).send(presentCaseNote(note, await request.identityPolicy()));
    },
  );

  const refuse = {
    schema: {
      tags: ['case record'],
      response: { 405: errorReplySchema },
    },
    handler: async (_request: unknown, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'GET, POST')
        .send({ error: 'Method Not Allowed', message: NOTE_IMMUTABLE_MESSAGE }),
  };
  // Registered on purpose, so they answer 405 with the reason rather than 404.
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/investigations/:id/notes',
    ...refuse,
    schema: { ...refuse.schema, params },
  });
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/investigations/:id/notes/:noteId',
    ...refuse,
    schema: { ...refuse.schema, params: params.extend({ noteId: idParam }) },
  });
};
