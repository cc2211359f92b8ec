import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  caseId = (await admin.post('/investigations', { title: 'Target', subjectEmployeeId: 'E1001' }))
    .body.id;
});
afterAll(async () => {
  await t.close();
});

/** Strings people and attackers actually send: quotes, SQL, unicode, control characters, huge. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(
    "'; drop table investigations; --",
    '" or 1=1 --',
    '%_\\',
    '\u0000',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '9'.repeat(400),
    'E1001',
    'closed',
    '',
  ),
);
const anyJson = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty),
  fc.dictionary(nasty, nasty),
);

async function counts() {
  const [investigations, users, roles] = await Promise.all(
    (['investigations', 'users', 'roles'] as const).map(async (table) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  return { investigations, users, roles };
}

function expectClientError(reply: { status: number; body: unknown }) {
  expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
  expect(reply.status).toBeLessThan(500);
  const body = reply.body as { error: string; message: string };
  expect(typeof body.error).toBe('string');
  expect(body.message.length).toBeGreaterThan(5);
}

describe('bad input never causes a 500 or a half-written record', () => {
  it('POST /investigations with arbitrary fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            title: anyJson,
            subjectEmployeeId: anyJson,
            type: anyJson,
            riskLevel: anyJson,
            windowStart: anyJson,
            windowEnd: anyJson,
            extra: anyJson,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const before = await counts();
          const reply = await admin.post('/investigations', body);
          if (reply.status === 201) {
            expect(reply.body.subject.id).toBe(body.subjectEmployeeId);
            return;
          }
          expectClientError(reply);
          expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('PATCH /investigations/{id} with arbitrary fields and ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(caseId),
          nasty.filter(
            (s) => s.length > 0 && !s.includes('/') && !s.includes('?') && !s.includes('#'),
          ),
        ),
        fc.record(
          {
            title: anyJson,
            status: anyJson,
            assigneeUserId: anyJson,
            memberUserIds: anyJson,
            windowEnd: anyJson,
          },
          { requiredKeys: [] },
        ),
        async (id, body) => {
          const before = (await admin.get(`/investigations/${caseId}`)).body;
          const reply = await admin.patch(`/investigations/${encodeURIComponent(id)}`, body);
          if (reply.status === 200) return;
          expectClientError(reply);
          const after = (await admin.get(`/investigations/${caseId}`)).body;
          expect(after.updatedAt).toBe(before.updatedAt);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('admin endpoints with arbitrary bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/admin/users', '/admin/roles'),
        fc.record(
          {
            email: anyJson,
            displayName: anyJson,
            roles: anyJson,
            password: anyJson,
            name: anyJson,
            permissions: anyJson,
          },
          { requiredKeys: [] },
        ),
        async (path, body) => {
          const before = await counts();
          const reply = await admin.post(path, body);
          if (reply.status === 201) return;
          expectClientError(reply);
          expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('query strings of the list endpoints', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/investigations',
          '/identity/employees',
          '/audit',
          '/investigations/analytics/trend',
        ),
        fc.dictionary(
          fc.constantFrom(
            'status',
            'risk',
            'sort',
            'limit',
            'offset',
            'q',
            'from',
            'before',
            'days',
            'tz',
            'x',
          ),
          nasty,
        ),
        async (path, query) => {
          const reply = await admin.get(path, query);
          if (reply.status === 200) return;
          expectClientError(reply);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('malformed and oversized bodies', async () => {
    const cases: Array<[string, string]> = [
      ['{"title": "unterminated', 'not valid JSON'],
      ['[1,2,3', 'not valid JSON'],
      [`{"title":"${'x'.repeat(2 * 1024 * 1024)}"}`, 'larger than'],
    ];
    for (const [payload, message] of cases) {
      const reply = await admin.send('POST', '/investigations', payload);
      expectClientError(reply);
      expect(reply.body.message).toContain(message);
    }
  });
});
