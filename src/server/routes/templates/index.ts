import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  caseTemplateSchema,
  createTemplateBodySchema,
  listTemplatesReplySchema,
  templateParams,
  updateTemplateBodySchema,
} from '../../../shared/schemas/templates';
import { presentTemplate } from '../../case/templates/present-template';
import { createTemplate, deleteTemplate, updateTemplate } from '../../case/templates/save-template';
import { listTemplates } from '../../db/queries/case-templates';

/**
 * Case templates (the Templates screen). Reading is for whoever may open investigations
 * (investigations.write); creating, editing and deleting for admins (configuration.manage, the
 * permission of the admin role's other settings). Every change is audited (`template.*`).
 * Cases opened from a template keep their own checklist whatever happens to it later.
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const reads = app.requirePermission('investigations.write');
  const manages = app.requirePermission('configuration.manage');

  app.get(
    '/templates',
    {
      preHandler: reads,
      schema: {
        tags: ['case record'],
        querystring: z.strictObject({}),
        response: { 200: listTemplatesReplySchema, 403: errorReplySchema },
      },
    },
    async () => ({ templates: (await listTemplates(app.db)).map(presentTemplate) }),
  );

  app.post(
    '/templates',
    {
      preHandler: manages,
      schema: {
        tags: ['case record'],
        body: createTemplateBodySchema,
        response: {
          201: caseTemplateSchema,
          400: errorReplySchema,
          403: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const template = await app.audited(request, async (trx) => {
        const created = await createTemplate(trx, request.viewer!, request.body, Date.now());
        return {
          result: created,
          entry: {
            action: 'template.create',
            targetType: 'template',
            targetId: created.id,
            details: {
              name: created.name,
              caseType: created.caseType,
              steps: created.steps.length,
            },
          },
        };
      });
      return reply.code(201).send(template);
    },
  );

  app.patch(
    '/templates/:id',
    {
      preHandler: manages,
      schema: {
        tags: ['case record'],
        params: templateParams,
        body: updateTemplateBodySchema,
        response: {
          200: caseTemplateSchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) =>
      app.audited(request, async (trx) => {
        const { template, changes } = await updateTemplate(
          trx,
          request.viewer!,
          request.params.id,
          request.body,
          Date.now(),
        );
        return {
          result: template,
          entry:
            Object.keys(changes).length > 0
              ? {
                  action: 'template.update',
                  targetType: 'template',
                  targetId: template.id,
                  details: { name: template.name, changes },
                }
              : null,
        };
      }),
  );

  app.delete(
    '/templates/:id',
    {
      preHandler: manages,
      schema: {
        tags: ['case record'],
        params: templateParams,
        response: {
          204: z.null(),
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      await app.audited(request, async (trx) => {
        const removed = await deleteTemplate(trx, request.params.id);
        return {
          result: null,
          entry: {
            action: 'template.delete',
            targetType: 'template',
            targetId: removed.id,
            details: { name: removed.name },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
