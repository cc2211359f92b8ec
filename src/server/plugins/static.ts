import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Source maps stay with the build (for its own tooling) and are never served: they hold the sources. */
function isSourceMap(file: string): boolean {
  return file.endsWith('.map');
}

/** Paths the API owns: an unknown one is a JSON 404 (the not-found handler), never the web page. */
function isApiPath(file: string): boolean {
  return file === 'api' || file.startsWith('api/');
}

/**
 * Serves the built client. Hashed assets are cached for a year; index.html never is, and it
 * answers every client route (the router takes over in the browser), but no path under /api.
 * Source maps are not served.
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => !isSourceMap(pathName),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', (request, reply) => {
    // The decoded path the router matched: `/%61pi/…` is under /api as much as `/api/…` is.
    const file = (request.params as { '*': string })['*'];
    if (isSourceMap(file) || isApiPath(file)) return reply.callNotFound();
    if (
      file &&
      !file.includes('..') &&
      fs.existsSync(path.join(clientDir, file)) &&
      fs.statSync(path.join(clientDir, file)).isFile()
    ) {
      return reply.sendFile(file);
    }
    void reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
