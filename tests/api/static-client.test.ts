import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/database';
import { openTestDatabase } from './support/test-database';

describe('the built client', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-client-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vigil</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1);');
    fs.writeFileSync(
      path.join(dir, 'assets', 'app-1a2b.js.map'),
      '{"version":3,"sources":["src/client/secret.tsx"],"sourcesContent":["const key = 1"]}',
    );
    database = await openTestDatabase();
    app = await buildApp({
      config: { ...loadConfig({}), clientDir: dir },
      database,
      serveClient: true,
    });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the bundles but never their source maps', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toBe('console.log(1);');
    for (const url of ['/assets/app-1a2b.js.map', '/assets/app-1a2b.js.map?x=1']) {
      const map = await app.inject({ method: 'GET', url });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('sourcesContent');
    }
  });

  it('answers an unknown API path with a JSON 404 and a sentence, for every method, not the web page', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        '/api/app/no-such-thing',
        '/api/app/investigations/x/nowhere?y=1',
        '/api/other',
        // The router decodes the path: these are under /api too (issue 23).
        '/%61pi/app/no-such-thing',
        '/%61pi/other',
        '/api/app/mlindqvist@northwind.example',
      ]) {
        const reply = await app.inject({
          method,
          url,
          headers: {
            host: 'vigil.test',
            origin: 'http://vigil.test',
            'content-type': 'application/json',
          },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
        });
        expect(reply.statusCode, `${method} ${url}`).toBe(404);
        expect(reply.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        if (method === 'HEAD') continue;
        expect(reply.body).not.toContain('<title>Vigil</title>');
        expect(reply.json<{ message: string }>().message).toMatch(/^There is no route .+\.$/);
        // What the caller sent is not echoed: it may hold an address.
        expect(reply.body).not.toContain('northwind');
      }
    }
  });

  it('still answers a client route with the web page', async () => {
    const page = await app.inject({ method: 'GET', url: '/app/investigations' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Vigil</title>');
  });
});
