import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  currentGeneratorRunReplySchema,
  generatorRunBodySchema,
  generatorRunSchema,
} from '../../../shared/schemas/log-generator';
import { GeneratorRunner } from '../../demo/generator-runs/generator-runner';

/**
 * /dev/generator/runs: the log generator on the server (developer tool, `dev.tools`). A run
 * starts in the background (202) and ingests each generated source through the pipeline; the
 * screen polls the current run for progress and the manifest.
 */
export const generatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const runner = new GeneratorRunner(app.database);
  app.addHook('onClose', () => runner.close());
  app.addHook('preHandler', app.requirePermission('dev.tools'));

  app.post(
    '/dev/generator/runs',
    {
      schema: {
        body: generatorRunBodySchema,
        response: { 202: generatorRunSchema, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request, reply) => {
      const run = runner.start(request.body, request.viewer!.userId);
      await app.audit(request, {
        action: 'generator.run',
        targetType: 'generator_run',
        targetId: run.id,
        details: { options: run.options },
      });
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/dev/generator/runs/current',
    { schema: { response: { 200: currentGeneratorRunReplySchema } } },
    async () => ({ run: runner.current() }),
  );
};
