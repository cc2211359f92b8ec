import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

import { API_TOKEN_PREFIX } from '../shared/schemas/api-tokens';
import { sessionCookieName } from './accounts/session-token';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { privacyPlugin } from './plugins/privacy';
import { securityPlugin } from './plugins/security';
import { serveClient } from './plugins/static';
import { shippedTemplatesPlugin } from './case/templates/shipped-templates-plugin';
import { collectionPlugin } from './ingest/collectors/collection-plugin';
import { notifyPlugin } from './plugins/notify';
import { apiRoutes } from './routes/api';
import './types';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built client from config.clientDir when it exists (the server does; tests don't). */
  serveClient?: boolean;
}

/** Builds the Fastify app without listening, so tests can inject requests into it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(auditPlugin);
  await app.register(collectionPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(privacyPlugin);
  await app.register(notifyPlugin);
  await app.register(shippedTemplatesPlugin);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vigil API',
        version: '1',
        description:
          'Insider-risk investigations. Every route but sign-in needs the session cookie or a ' +
          'personal API token (`Authorization: Bearer vgl_…`, made under Settings, API tokens), ' +
          'which acts as its owner with the scopes chosen for it.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config.secureCookies) },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX}…`,
            description:
              'A personal API token: its owner with the scopes chosen for it, within what their roles hold now.',
          },
        },
      },
      security: [{ session: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(apiRoutes, { prefix: '/api/app' });

  // The path is not repeated: what a caller sent is never echoed (it may hold an address).
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({
        error: 'Not Found',
        message: `There is no route ${request.method} at this path.`,
      }),
  );
  if (options.serveClient) await serveClient(app, config.clientDir);
  return app;
}
