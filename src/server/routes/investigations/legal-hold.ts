import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { investigationSchema } from '../../../shared/schemas/investigations';
import { legalHoldBodySchema } from '../../../shared/schemas/retention';
import { loadInvestigation } from '../../case/load-investigation';
import { holdInvestigation } from '../../db/queries/investigation-lock';
import { clearHeldPeople, findLegalHold, setLegalHold } from '../../db/queries/legal-hold';
import { lockAgainstRetention } from '../../db/queries/retention-protection';
import { conflict } from '../../domain-error';
import { keepPeopleOfHeldCase } from '../../case/legal-hold/held-people';

const params = z.object({ id: idParam });
const schema = {
  tags: ['case record'],
  params,
  body: legalHoldBodySchema,
  response: {
    200: investigationSchema,
    400: errorReplySchema,
    403: errorReplySchema,
    404: errorReplySchema,
    409: errorReplySchema,
  },
};

/**
 * PUT|DELETE /investigations/{id}/legal-hold {reason}: places or lifts a legal hold, which
 * keeps the case, the events in its window of its subject and of everyone its pins name, its
 * pins and exports past retention. Open or closed (holding a closed case is the usual reason),
 * for `legal.hold` (admins and Legal, not case members) on a case the caller sees; audited on
 * the case (`legal-hold.place`, `legal-hold.lift`) with the reason, so its history shows it.
 * Placing waits for the retention batch under way, so no batch after it removes what it keeps.
 * Answers the case as it now is.
 */
export const legalHoldRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/investigations/:id/legal-hold',
    { preHandler: app.requirePermission('legal.hold'), schema },
    async (request) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { reason } = request.body;
      const directory = await app.identityDirectory();
      const { dialect, schema } = app.database;
      return app.audited(request, async (trx) => {
        await lockAgainstRetention(trx, dialect, schema);
        await holdInvestigation(trx, request.params.id);
        const investigation = await loadInvestigation(trx, request.params.id, viewer, policy);
        const current = await findLegalHold(trx, investigation.id);
        if (current)
          throw conflict(
            `This investigation is on legal hold already, since ${new Date(current.at).toISOString().slice(0, 10)}.`,
          );
        await setLegalHold(trx, investigation.id, { at: Date.now(), by: viewer.userId, reason });
        await keepPeopleOfHeldCase(trx, directory, {
          id: investigation.id,
          subjectEmployeeId: investigation.subject.id,
        });
        return {
          result: await loadInvestigation(trx, investigation.id, viewer, policy),
          entry: {
            action: 'legal-hold.place',
            targetType: 'investigation',
            targetId: investigation.id,
            details: { reason },
          },
        };
      });
    },
  );

  app.delete(
    '/investigations/:id/legal-hold',
    { preHandler: app.requirePermission('legal.hold'), schema },
    async (request) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { reason } = request.body;
      return app.audited(request, async (trx) => {
        await holdInvestigation(trx, request.params.id);
        const investigation = await loadInvestigation(trx, request.params.id, viewer, policy);
        const current = await findLegalHold(trx, investigation.id);
        if (!current) throw conflict('This investigation is not on legal hold.');
        await setLegalHold(trx, investigation.id, null);
        await clearHeldPeople(trx, investigation.id);
        return {
          result: await loadInvestigation(trx, investigation.id, viewer, policy),
          entry: {
            action: 'legal-hold.lift',
            targetType: 'investigation',
            targetId: investigation.id,
            details: { reason, heldSince: current.at, heldBy: current.by },
          },
        };
      });
    },
  );
};
