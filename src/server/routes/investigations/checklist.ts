import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  checklistReplySchema,
  checklistStepParams,
  tickStepBodySchema,
} from '../../../shared/schemas/templates';
import { loadInvestigation } from '../../case/load-investigation';
import { caseChecklist } from '../../case/templates/case-checklist';
import { loadWritableInvestigation } from '../../case/writable-case';
import { findChecklistStep, setChecklistStepDone } from '../../db/queries/case-checklist';
import { notFound } from '../../domain-error';

/**
 * GET /investigations/{id}/checklist (the case's steps and progress) and
 * PATCH /investigations/{id}/checklist/{stepId} (`{ done }`): ticking or unticking a step is
 * audited with the step's label (`checklist.tick`, `checklist.untick`) and refused on a closed
 * case. Sending the state a step already has changes nothing and is not audited.
 */
export const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/checklist',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: {
        tags: ['case record'],
        params: z.strictObject({ id: idParam }),
        querystring: z.strictObject({}),
        response: { 200: checklistReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      return caseChecklist(app.db, investigation.id);
    },
  );

  app.patch(
    '/investigations/:id/checklist/:stepId',
    {
      preHandler: app.requirePermission('investigations.write'),
      schema: {
        tags: ['case record'],
        params: checklistStepParams,
        body: tickStepBodySchema,
        response: {
          200: checklistReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { id, stepId } = request.params;
      const { done } = request.body;
      return app.audited(request, async (trx) => {
        const investigation = await loadWritableInvestigation(trx, id, viewer, policy);
        const step = await findChecklistStep(trx, investigation.id, stepId);
        if (!step) throw notFound("This investigation's checklist has no step with that id.");
        const changed = (step.done_at !== null) !== done;
        if (changed) {
          await setChecklistStepDone(
            trx,
            investigation.id,
            stepId,
            done ? { at: Date.now(), by: viewer.userId } : null,
          );
        }
        return {
          result: await caseChecklist(trx, investigation.id),
          entry: changed
            ? {
                action: done ? 'checklist.tick' : 'checklist.untick',
                targetType: 'investigation',
                targetId: investigation.id,
                details: { stepId, label: step.label },
              }
            : null,
        };
      });
    },
  );
};
