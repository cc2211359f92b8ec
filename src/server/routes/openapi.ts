import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /openapi.json: the OpenAPI document generated from the route schemas. */
export const openApiRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
