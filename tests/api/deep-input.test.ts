import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { push } from './ingest/support/ingest-helpers';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  caseId = (await admin.post('/investigations', { title: 'Deep', subjectEmployeeId: 'E1004' })).body
    .id;
});
afterAll(async () => {
  await t.close();
});

/** A JSON object nested `depth` levels deep, written out by hand (JSON.stringify would overflow). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const TOO_DEEP = 'The request body is nested too deeply (more than 64 levels).';

describe('bodies nested too deeply get a 400 with a sentence', () => {
  const pins = () => `/investigations/${caseId}/pins`;

  it.each([
    // Past SQLite's JSON depth limit (a CHECK failure once stored).
    [1_000],
    // Deep enough that JSON.stringify in a schema refinement overflows the stack.
    [100_000],
  ])('a pin snapshot %i levels deep', async (depth) => {
    const body = `{"eventIds":["1"],"snapshot":${nested(depth)}}`;
    const reply = await admin.send('POST', pins(), body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Bad Request', message: TOO_DEEP });
    expect((await admin.get(pins())).body.pins).toEqual([]);
  });

  it('any other body too: the keyboard settings', async () => {
    const reply = await admin.send('PUT', '/me/settings', nested(65));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(TOO_DEEP);
  });

  it('the sign-in body, before any session exists', async () => {
    const reply = await t.anonymous.send('POST', '/auth/login', `[${nested(200)}]`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(TOO_DEEP);
  });

  it('lets a body as deep as the limit allows reach its schema', async () => {
    // The body is one level, the snapshot 63 more: past the depth check, refused by the schema.
    const body = `{"eventIds":["1"],"snapshot":${nested(63)}}`;
    const reply = await admin.send('POST', pins(), body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/A pin does not take a snapshot/);
  });
});

describe('a push in a type the ingest endpoint does not read', () => {
  it('gets a 415 naming the type, not a 500', async () => {
    const created = await admin.post('/integrations', { name: 'Okta', kind: 'okta' });
    const { id } = created.body.integration;
    const reply = await push(t, id, created.body.token, '{"a":1}\n', 'text/plain');
    expect(reply.status).toBe(415);
    expect(reply.body.message).toBe('This endpoint does not accept this content type.');
  });
});
