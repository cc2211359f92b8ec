import { sql } from 'kysely';
import type { Selectable, SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../../src/server/db/schema';
import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import { foldCase } from '../../../src/server/db/fold-case';
import { huntEventsPage } from '../../../src/server/db/queries/hunt-events';
import type { HuntEventRow, HuntPageStart } from '../../../src/server/db/queries/hunt-events';
import { compileHuntConditions } from '../../../src/server/hunt/compile-query';
import { parseHuntQuery } from '../../../src/server/hunt/parse-query';
import { walkedHuntPage } from '../../../src/server/hunt/run-hunt';
import type { HuntRow } from '../../../src/shared/schemas/hunt';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

type EventRow = Selectable<Database['events']>;

const DATASET = { employees: 12, days: 20, seed: 11, endDate: '2026-11-20' } as const;
const FROM = '2026-10-25';
const TO = '2026-11-22';

let t: TestApp;
let analyst: ApiClient;
let reader: ApiClient;
let events: EventRow[];

const fold = (v: string | null | undefined) => (v === null || v === undefined ? null : foldCase(v));
const list = (v: unknown): string[] =>
  v === null || v === undefined ? [] : ((typeof v === 'string' ? JSON.parse(v) : v) as string[]);
/** Wildcards of a hunting value as a whole-value regular expression, ignoring case. */
const wildcard = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'is',
  );
/** The event's searchable text as migration 0013 defines it. */
const searchText = (e: EventRow) =>
  foldCase(
    [
      e.file_name,
      e.email_recipients === null ? null : JSON.stringify(list(e.email_recipients)),
      e.email_subject,
      e.app,
      e.repository,
      e.target,
      e.process_name,
      e.device_name,
      e.file_path,
      e.command_line,
      e.chat_text,
    ]
      .map((v) => v ?? '')
      .join(' '),
  ).slice(0, 600);
const rawAt = (e: EventRow, path: string[]): unknown => {
  let value: unknown =
    e.raw === null ? null : typeof e.raw === 'string' ? JSON.parse(e.raw) : e.raw;
  for (const key of path) value = (value as Record<string, unknown> | null)?.[key];
  return value;
};

async function hunt(client: ApiClient, q: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let pages = 0; pages < 200; pages++) {
    const reply = await client.get('/hunt/events', {
      q,
      from: FROM,
      to: TO,
      limit: 500,
      ...(cursor ? { cursor } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    if (total < 0) total = reply.body.total as number;
    ids.push(...(reply.body.rows as HuntRow[]).map((r) => r.id));
    cursor = reply.body.next as string | null;
    if (!cursor) break;
  }
  return { ids: ids.sort(), total };
}

beforeAll(async () => {
  t = await startTestApp();
  await ingestGeneratedDataset(t.database, DATASET);
  analyst = await t.signInAs('analyst');
  await t.db
    .insertInto('roles')
    .values({
      id: 'hunter_without_reveal',
      name: 'Hunter without reveal',
      description: 'Reads every case and its evidence, reveals nobody.',
      permissions: JSON.stringify([
        'investigations.read',
        'investigations.read_all',
        'evidence.read',
      ]),
      built_in: 0,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  reader = await t.signInAs('hunter_without_reveal');
  events = (await t.db.selectFrom('events').selectAll().execute())
    .map((e) => ({
      ...e,
      id: Number(e.id),
      time: Number(e.time),
      file_size: e.file_size === null ? null : Number(e.file_size),
    }))
    .filter((e) => e.time >= Date.parse(FROM) && e.time < Date.parse(TO));
}, 180_000);
afterAll(() => t?.close());

/** The most common non-empty value of a column among the events. */
function common<K extends keyof EventRow>(column: K, where: (e: EventRow) => boolean = () => true) {
  const counts = new Map<string, number>();
  for (const e of events) {
    const v = e[column];
    if (v !== null && v !== '' && where(e)) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('GET /hunt/events finds exactly what an independent filter finds', () => {
  const cases: Array<[string, () => [string, (e: EventRow) => boolean]]> = [
    ['a keyword field', () => ['activity:file_download', (e) => e.activity === 'file_download']],
    [
      'a keyword field ignoring case, as a whole value',
      () => {
        const app = common('app');
        return [`app:"${app.toUpperCase()}"`, (e) => fold(e.app) === fold(app)];
      },
    ],
    [
      'a wildcard',
      () => [
        'file.name:*.XLSX',
        (e) => e.file_name !== null && wildcard('*.xlsx').test(e.file_name),
      ],
    ],
    [
      'AND with NOT, keeping events without the field',
      () => [
        'category:file AND NOT file.destination:usb',
        (e) => e.category === 'file' && e.file_destination !== 'usb',
      ],
    ],
    [
      'OR and parentheses',
      () => [
        '(activity:usb_write OR file.destination:personal_email) AND NOT source:okta',
        (e) =>
          (e.activity === 'usb_write' || e.file_destination === 'personal_email') &&
          e.source !== 'okta',
      ],
    ],
    [
      'AND binding tighter than OR, and bare NOT',
      () => [
        'category:auth AND outcome:failure OR category:repo -activity:repo_fetch',
        (e) =>
          (e.category === 'auth' && e.outcome === 'failure') ||
          (e.category === 'repo' && e.activity !== 'repo_fetch'),
      ],
    ],
    [
      'a number range',
      () => ['file.size:[1000000 TO *]', (e) => e.file_size !== null && e.file_size >= 1_000_000],
    ],
    [
      'a time range of dates, the last day whole',
      () => [
        'time:[2026-11-05 TO 2026-11-06] AND category:email',
        (e) =>
          e.category === 'email' &&
          e.time >= Date.parse('2026-11-05') &&
          e.time < Date.parse('2026-11-07'),
      ],
    ],
    [
      'a raw path with a wildcard',
      () => {
        const okta = events.find(
          (e) => e.source === 'okta' && typeof rawAt(e, ['eventType']) === 'string',
        )!;
        const type = rawAt(okta, ['eventType']) as string;
        const part = type.split('.')[0]!;
        return [
          `raw.eventType:${part}.*`,
          (e) => {
            const v = rawAt(e, ['eventType']);
            return typeof v === 'string' && wildcard(`${part}.*`).test(v);
          },
        ];
      },
    ],
    [
      'a list field: any recipient domain',
      () => {
        const counts = new Map<string, number>();
        for (const e of events)
          for (const d of list(e.email_domains)) counts.set(d, (counts.get(d) ?? 0) + 1);
        const domain = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
        return [
          `email.domain:${domain}`,
          (e) => list(e.email_domains).some((d) => fold(d) === fold(domain)),
        ];
      },
    ],
    [
      'free text: a word anywhere in the searchable text',
      () => ['report', (e) => searchText(e).includes('report')],
    ],
    [
      'free text and a field, with a quoted phrase',
      () => [
        '"q3" AND category:file',
        (e) => e.category === 'file' && searchText(e).includes('q3'),
      ],
    ],
    [
      'a text field by a word inside it',
      () => {
        const path = common('file_path');
        const word = path.split(/[\\/]/).filter((w) => w.length > 2)[0]!;
        return [
          `file.path:"${word}"`,
          (e) => e.file_path !== null && foldCase(e.file_path).includes(foldCase(word)),
        ];
      },
    ],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const [q, keep] = make();
    const expected = events
      .filter(keep)
      .map((e) => String(e.id))
      .sort();
    const found = await hunt(analyst, q);
    expect(found.ids).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });

  // A page in time order finds its events one of two ways, chosen by the count (run-hunt.ts):
  // few found, it sorts what the trigram index finds; many, it walks the time index with each
  // term's own test. This organization's hunts find few, so the API reads the first way: here
  // every query is paged both ways, newest first and oldest first.
  it.each(cases)('%s, by either way of paging', async (_name, make) => {
    const [q, keep] = make();
    const expected = events
      .filter(keep)
      .map((e) => String(e.id))
      .sort();
    const conditions = compileHuntConditions(parseHuntQuery(q), {
      dialect: t.dialect,
      peopleNamed: (v) => [v],
    });
    for (const way of ['sorted', 'walked'] as const) {
      for (const ascending of [false, true]) {
        const scope = {
          from: Date.parse(FROM),
          to: Date.parse(TO),
          condition: way === 'sorted' ? conditions.narrowed : conditions.plain,
          deadline: sql<SqlBool>`1 = 1`,
        };
        const ids: string[] = [];
        let start: HuntPageStart = null;
        for (let pages = 0; pages < 100; pages++) {
          // Walked as if the count had found a few: slices of a few hours at first.
          const rows: HuntEventRow[] =
            way === 'sorted'
              ? await huntEventsPage(t.db, scope, { column: 'time', ascending }, start, 300, way)
              : await walkedHuntPage(t.db, scope, ascending, start, 300, 30_000);
          ids.push(...rows.map((r) => String(r.id)));
          const last = rows[rows.length - 1];
          if (rows.length < 300 || !last) break;
          start = { time: last.time, id: last.id };
        }
        expect(ids.sort(), `${way} ${ascending ? 'oldest' : 'newest'} first`).toEqual(expected);
      }
    }
  });

  it.each([
    ['category', 'category', ''],
    ['activity', 'activity', 'category:file'],
    ['file.destination', 'file_destination', ''],
    ['source', 'source', 'category:auth AND outcome:failure'],
  ] as const)('counts the %s facet as the independent filter does', async (field, column, q) => {
    const keep = (e: EventRow) =>
      q === '' ||
      (q === 'category:file'
        ? e.category === 'file'
        : e.category === 'auth' && e.outcome === 'failure');
    const counts = new Map<string, number>();
    for (const e of events) {
      const v = e[column];
      if (v !== null && keep(e)) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const expected = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 20)
      .map(([value, count]) => ({ value, count }));
    expect(expected.length).toBeGreaterThan(0);
    const reply = await analyst.get('/hunt/facets', { q, from: FROM, to: TO, field });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const values = reply.body.values as Array<{ value: string; count: number }>;
    expect(values.map((v) => ({ value: v.value, count: v.count }))).toEqual(expected);
  });

  it('finds a person by their pseudonym and shows them by it', async () => {
    const employee = common('employee_id');
    const first = await analyst.get('/hunt/events', {
      q: `person:${employee}`,
      from: FROM,
      to: TO,
      limit: 1,
    });
    expect(first.status).toBe(200);
    const pseudonym = (first.body.rows as HuntRow[])[0]!.person!.pseudonym;
    expect(pseudonym).toMatch(/^Person \w{4}-\w{4}$/);
    expect((first.body.rows as HuntRow[])[0]!.person!.fullName).toBe(pseudonym);
    const expected = events
      .filter((e) => e.employee_id === employee)
      .map((e) => String(e.id))
      .sort();
    expect((await hunt(analyst, `person:"${pseudonym}"`)).ids).toEqual(expected);
  });

  it('audits every search with its query, time range and hit count', async () => {
    await analyst.get('/hunt/events', { q: 'activity:usb_write', from: FROM, to: TO });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'hunt.search')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const details = (
      typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details
    ) as Record<string, unknown>;
    expect(details).toMatchObject({
      q: 'activity:usb_write',
      from: Date.parse(FROM),
      to: Date.parse(TO),
      hits: events.filter((e) => e.activity === 'usb_write').length,
    });
  });
});

describe('what a hunt refuses', () => {
  it('names the position and what was expected when the query does not parse', async () => {
    const reply = await analyst.get('/hunt/events', { q: 'file.name:' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Expected a value after "file.name:" at 11.');
    const open = await analyst.get('/hunt/events', { q: 'activity:usb_write AND' });
    expect(open.status).toBe(400);
    expect(open.body.message).toBe('Expected a value after AND at 23.');
    const quote = await analyst.get('/hunt/events', { q: 'email.subject:"board' });
    expect(quote.body.message).toBe('Expected a closing quote (") at 21.');
  });

  it('lists the fields when one is unknown, without repeating it', async () => {
    const reply = await analyst.get('/hunt/events', { q: 'filename:secret.docx' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('file.name, file.path');
    expect(reply.body.message).not.toContain('filename');
  });

  it('refuses a real name to a hunter who may not reveal identities, and audits the refusal', async () => {
    const person = await t.db
      .selectFrom('employees')
      .select(['full_name'])
      .executeTakeFirstOrThrow();
    const last = person.full_name.split(' ').pop()!;
    const reply = await reader.get('/hunt/events', { q: `file.path:${last}` });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toMatch(/permission to reveal identities/);
    expect(JSON.stringify(reply.body)).not.toContain(last);
    const denied = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'access.denied')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(denied.details)).toContain('/hunt/events');
    // A field name that reads like a word of a name is not a name: only values are checked.
    expect(
      (await reader.get('/hunt/events', { q: 'file.name:*.xlsx', from: FROM, to: TO })).status,
    ).toBe(200);
    // Who may reveal is let through, and the search by name is audited.
    expect(
      (await analyst.get('/hunt/events', { q: `file.path:${last}`, from: FROM, to: TO })).status,
    ).toBe(200);
    const byName = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'person.search_by_name')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(byName.details)).toContain(last);
  });

  it('is for those who read every case and its evidence', async () => {
    const investigator = await t.signInAs('investigator');
    expect((await investigator.get('/hunt/events', { q: 'category:file' })).status).toBe(403);
  });
});
