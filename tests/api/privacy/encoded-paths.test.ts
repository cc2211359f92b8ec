import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadDataset, openCase } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Issue 23, item 1: the router decodes the path before it matches a route, so
 * `/api/%61pp/…` and `/%61pi/app/…` are the routes of `/api/app/…`. Redaction and the
 * same-origin check must hold for them as for the plain spelling, and a request target that is
 * a full address (`GET http://host/api/app/…`, the proxy form) is refused.
 */

let t: TestApp;
let admin: ApiClient;
let eventUrl: string;
let needles: string[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  const manifest = await loadDataset(t, {
    seed: 7,
    employees: 12,
    days: 10,
    endDate: '2026-11-20',
  });
  const subjectId = manifest.scenarios[0]!.employeeId;
  const opened = await openCase(admin, subjectId, manifest);
  const events = await admin.get(`/investigations/${opened.id}/events`, { limit: 1 });
  expect(events.status, JSON.stringify(events.body)).toBe(200);
  eventUrl = `/investigations/${opened.id}/events/${events.body.rows[0].id as string}`;
  const people = await t.db.selectFrom('employees').select(['full_name', 'email']).execute();
  needles = people.flatMap((p) => [p.full_name.toLowerCase(), p.email.toLowerCase()]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A GET of a raw request target as the signed-in admin, answered by the app in memory. */
async function getRaw(url: string): Promise<{ status: number; body: string }> {
  const reply = await t.app.inject({
    method: 'GET',
    url,
    headers: { host: 'vigil.test', cookie: admin.cookie ?? '' },
  });
  return { status: reply.statusCode, body: reply.body };
}

function realIdentities(body: string): string[] {
  const lower = body.toLowerCase();
  return needles.filter((needle) => lower.includes(needle));
}

describe('a percent-encoded path', () => {
  it('is the same route, redacted as the plain one is', async () => {
    const plain = await getRaw(`/api/app${eventUrl}`);
    expect(plain.status).toBe(200);
    expect(realIdentities(plain.body)).toEqual([]);
    for (const prefix of ['/api/%61pp', '/%61pi/app', '/%61%70%69/%61%70%70', '/api/ap%70']) {
      const encoded = await getRaw(`${prefix}${eventUrl}`);
      expect(encoded.status, prefix).toBe(200);
      expect(realIdentities(encoded.body), prefix).toEqual([]);
      expect(encoded.body, prefix).toBe(plain.body);
    }
  });

  it('is refused a cross-site change as the plain one is', async () => {
    for (const path of ['/api/app/watchlists', '/api/%61pp/watchlists', '/%61pi/app/watchlists']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          host: 'vigil.test',
          origin: 'https://attacker.example',
          'content-type': 'application/json',
          cookie: admin.cookie ?? '',
        },
        payload: JSON.stringify({ name: `Forged ${path}` }),
      });
      expect(reply.statusCode, path).toBe(403);
      expect(reply.json<{ message: string }>().message).toMatch(/^Cross-site request refused/);
    }
    const lists = await admin.get('/watchlists');
    expect(lists.body.watchlists.map((w: { name: string }) => w.name)).not.toContain(
      'Forged /api/%61pp/watchlists',
    );
  });
});

describe('a request target that is a full address', () => {
  it('is refused with a 400 over HTTP, whatever the route', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const ask = (path: string, method = 'GET') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            headers: {
              host: 'vigil.test',
              cookie: admin.cookie ?? '',
              origin: 'http://vigil.test',
              'content-type': 'application/json',
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end(method === 'POST' ? JSON.stringify({ name: 'Absolute' }) : undefined);
      });
    const plain = await ask(`/api/app${eventUrl}`);
    expect(plain.status).toBe(200);
    for (const target of [`http://vigil.test/api/app${eventUrl}`, `http://vigil.test/healthz`]) {
      const reply = await ask(target);
      expect(reply.status, target).toBe(400);
      expect(realIdentities(reply.body)).toEqual([]);
      expect(JSON.parse(reply.body).message).toMatch(/must be a path/);
    }
    const post = await ask('http://vigil.test/api/app/watchlists', 'POST');
    expect(post.status).toBe(400);
  });
});
