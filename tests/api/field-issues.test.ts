import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { errorReplySchema } from '../../src/shared/schemas/common';
import type { Investigation } from '../../src/shared/schemas/investigations';
import { startTestApp } from './support/test-app';
import type { ApiClient, Reply, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t.close();
});

/** The reply's issues as `{ field: message }`, after checking the reply has the shared shape. */
function issuesOf(reply: Reply): Record<string, string> {
  const body = errorReplySchema.parse(reply.body);
  expect(body.issues, 'the reply lists its issues field by field').toBeDefined();
  return Object.fromEntries(body.issues!.map((issue) => [issue.field, issue.message]));
}

/** A sentence a person reads: a capital, words, a full stop; no zod jargon. */
const SENTENCE = /^[A-Z"][^]*[.]$/;
const JARGON = /expected \w+|received|Too (small|big)|Invalid (input|option)|[<>]=/;

describe('a 400 for a body that breaks its schema lists each field with a sentence', () => {
  it('says what is wrong with each field of a new user, and keeps the one-sentence message', async () => {
    const reply = await admin.post('/admin/users', {
      email: 'not an address',
      displayName: '',
      roles: [],
      password: 'short',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^The request body is invalid: email: /);
    const issues = issuesOf(reply);
    expect(issues).toEqual({
      email: 'Enter a valid email address.',
      displayName: 'Enter a name.',
      roles: 'Give the user at least one role.',
      password: 'The password must have at least 12 characters.',
    });
  });

  it('words the checks a schema left to zod as sentences too', async () => {
    const reply = await admin.post('/investigations', {
      title: 'x'.repeat(201),
      subjectEmployeeId: 'E1003',
      riskLevel: 'enormous',
      memberUserIds: 'everyone',
      owner: 'me',
    });
    expect(reply.status).toBe(400);
    const issues = issuesOf(reply);
    expect(issues.title).toBe('The title is longer than 200 characters.');
    expect(issues.riskLevel).toBe('Choose one of: low, medium, high, critical.');
    expect(issues.memberUserIds).toBe('Enter a list, not text.');
    expect(issues['']).toMatch(/^Unrecognized key "owner"/);
    for (const message of Object.values(issues)) {
      expect(message).toMatch(SENTENCE);
      expect(message).not.toMatch(JARGON);
    }
  });

  it('names a missing field as required', async () => {
    const reply = await admin.post('/admin/roles', { permissions: [] });
    expect(reply.status).toBe(400);
    expect(issuesOf(reply)).toEqual({ name: 'This is required.' });
  });
});

describe('a rule about one field is reported at that field', () => {
  it('puts a window that ends before it starts at windowEnd, on create and on edit', async () => {
    const created = await admin.post('/investigations', {
      title: 'Backwards window',
      subjectEmployeeId: 'E1003',
      windowStart: '2026-03-01',
      windowEnd: '2026-01-01',
    });
    expect(created.status).toBe(400);
    expect(issuesOf(created)).toEqual({ windowEnd: 'The window must end after it starts.' });

    const open = await admin.post<Investigation>('/investigations', {
      title: 'A case to edit',
      subjectEmployeeId: 'E1003',
      windowStart: '2026-01-01',
      windowEnd: '2026-03-01',
    });
    expect(open.status).toBe(201);
    // Only the end is sent: the server compares it with the stored start.
    const edited = await admin.patch(`/investigations/${open.body.id}`, {
      windowEnd: '2025-12-01',
    });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe('The window must end after it starts.');
    expect(issuesOf(edited)).toEqual({ windowEnd: 'The window must end after it starts.' });
  });

  it('puts a duplicate email at the email field', async () => {
    const body = { email: 'twice@vigil.test', displayName: 'Twice', roles: ['investigator'] };
    expect((await admin.post('/admin/users', body)).status).toBe(201);
    const again = await admin.post('/admin/users', body);
    expect(again.status).toBe(409);
    expect(issuesOf(again)).toEqual({
      email: 'A user with that email already exists.',
    });
  });

  it('sends no issues when the refusal is about no field in particular', async () => {
    const reply = await admin.get('/investigations/no-such-case');
    expect(reply.status).toBe(404);
    expect(reply.body.issues).toBeUndefined();
  });
});
