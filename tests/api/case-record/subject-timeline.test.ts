import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { subjectEventsCsv } from '../../../src/server/case/report/timeline-csv';
import { readCsv } from '../../../src/server/ingest/framing/csv';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { insertEvents } from '../findings/support/insert-events';
import type { TestEvent } from '../findings/support/insert-events';

/**
 * The subject timeline: every event of the case's subject in its window, once, in time order,
 * across sources; filters return exactly the events a direct reading of the table finds.
 */

let t: TestApp;
let analyst: ApiClient;
let caseId: string;

const SUBJECT = 'E1004';
const OTHER = 'E1005';
const MINUTE = 60_000;
const DAY = 86_400_000;
const START = Date.parse('2026-10-01T00:00:00Z');
const END = Date.parse('2026-10-20T00:00:00Z');

type Row = {
  id: string;
  time: number;
  source: string;
  activity: string;
  fileName: string | null;
  fileLabel: string;
  summary: string;
};

const SOURCES = ['okta', 'm365', 'google_workspace', 'windows', 'slack'] as const;
const KINDS = [
  { category: 'auth', activity: 'login' },
  { category: 'file', activity: 'file_download' },
  { category: 'file', activity: 'file_view' },
  { category: 'file', activity: 'usb_write' },
  { category: 'email', activity: 'email_send' },
  { category: 'chat', activity: 'chat_message' },
] as const;
const LABELS = [null, 'Confidential', 'Public', 'Highly Confidential'] as const;

/**
 * 300 events of the subject over the window from five sources, many sharing a time (the
 * cursor must break ties by id), a file that lost its label on a USB copy, and events of the
 * subject outside the window and of another person inside it, which never show.
 */
function dataset(): TestEvent[] {
  const events: TestEvent[] = [];
  for (let i = 0; i < 300; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const isFile = kind.category === 'file';
    events.push({
      // Three events at each instant.
      time: START + 2 * 3_600_000 + Math.floor(i / 3) * 263 * MINUTE,
      employee_id: SUBJECT,
      source: SOURCES[i % SOURCES.length]!,
      category: kind.category,
      activity: kind.activity,
      file_name: isFile ? `Plan ${i % 11}.docx` : null,
      // Each file keeps one label; its USB copies lose it.
      file_label:
        isFile && kind.activity !== 'usb_write' ? LABELS[(i % 11) % LABELS.length]! : null,
    });
  }
  // "Roadmap.pptx" is Highly Confidential in the cloud; its USB copy carries no label.
  events.push(
    {
      time: START + 5 * DAY,
      employee_id: SUBJECT,
      source: 'm365',
      category: 'file',
      activity: 'file_download',
      file_name: 'Roadmap.pptx',
      file_label: 'Highly Confidential',
    },
    {
      time: START + 5 * DAY + MINUTE,
      employee_id: SUBJECT,
      source: 'windows',
      category: 'file',
      activity: 'usb_write',
      file_name: 'Roadmap.pptx',
      file_label: null,
    },
  );
  for (const time of [START - 1, START - DAY, END, END + DAY]) {
    events.push({
      time,
      employee_id: SUBJECT,
      source: 'okta',
      category: 'auth',
      activity: 'login',
    });
  }
  for (let i = 0; i < 40; i++) {
    events.push({
      time: START + i * 7 * 3_600_000,
      employee_id: OTHER,
      source: 'okta',
      category: 'auth',
      activity: 'login',
    });
  }
  return events;
}

/** The subject's events in the window, read straight from the table, in (time, id) order. */
async function stored() {
  const rows = await t.db
    .selectFrom('events')
    .select(['id', 'time', 'source', 'activity', 'category', 'file_name', 'file_label'])
    .where('employee_id', '=', SUBJECT)
    .where('time', '>=', START)
    .where('time', '<', END)
    .orderBy('time')
    .orderBy('id')
    .execute();
  // A file without a label takes the label its name carries elsewhere (its USB copies).
  const known = new Map(
    rows.filter((r) => r.file_label && r.file_name).map((r) => [r.file_name!, r.file_label!]),
  );
  return rows.map((r) => ({
    id: String(r.id),
    time: Number(r.time),
    source: r.source,
    activity: r.activity,
    category: r.category,
    label: r.file_label ?? (r.file_name ? known.get(r.file_name) : undefined) ?? null,
  }));
}

/** The export's timeline CSV of the window (unredacted). */
function exportCsv(): AsyncGenerator<Buffer> {
  return subjectEventsCsv(t.database, SUBJECT, { from: START, to: END }, (text) => text);
}

/** The line of the export's timeline CSV for one event. */
async function exportCsvLine(id: string): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of exportCsv()) chunks.push(chunk);
  return Buffer.concat(chunks)
    .toString('utf8')
    .split('\r\n')
    .find((l) => l.startsWith(`${id},`));
}

/** The export's timeline CSV read as a spreadsheet would: each row by its header's titles. */
async function exportCsvRecords(): Promise<Array<Record<string, string>>> {
  const records: Array<Record<string, string>> = [];
  for await (const item of readCsv(exportCsv())) {
    // A row with more or fewer cells than the header has titles is an error here.
    if (!item.ok) throw new Error(`line ${item.position}: ${item.error.message}`);
    records.push(item.value as Record<string, string>);
  }
  return records;
}

/** Every page of the timeline for a query, following nextCursor to the end. */
async function readAll(query: Record<string, string | number> = {}, limit = 17) {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let first: any = null;
  for (let pages = 0; pages < 200; pages++) {
    const reply: { status: number; body: any } = await analyst.get(
      `/investigations/${caseId}/timeline/events`,
      { ...query, limit, ...(cursor ? { cursor } : {}) },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    if (first) expect(reply.body.facets).toBeNull();
    first ??= reply.body;
    rows.push(...reply.body.rows);
    cursor = reply.body.nextCursor;
    if (!cursor) return { rows, first };
  }
  throw new Error('the timeline never ended');
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  await insertEvents(t, dataset());
  const reply = await analyst.post('/investigations', {
    title: 'Timeline of E1004',
    subjectEmployeeId: SUBJECT,
    windowStart: '2026-10-01',
    windowEnd: '2026-10-20',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  caseId = reply.body.id;
  await t.db
    .updateTable('investigations')
    .set({ analysis_state: 'idle' })
    .where('id', '=', caseId)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('GET /investigations/{id}/timeline/events', () => {
  it('pages through every event of the subject in the window exactly once, in time order', async () => {
    const expected = await stored();
    expect(expected.length).toBe(302);
    const { rows, first } = await readAll();
    expect(rows.map((r) => r.id)).toEqual(expected.map((e) => e.id));
    expect(first.total).toBe(302);
    expect(first.range).toEqual({ start: START, end: END });
    // Newest first reads the same events backwards.
    const backwards = await readAll({ sort: '-time' }, 23);
    expect(backwards.rows.map((r) => r.id)).toEqual(expected.map((e) => e.id).reverse());
  });

  it('never lists events outside the window or of another person', async () => {
    const { rows } = await readAll({}, 500);
    expect(rows.every((r) => r.time >= START && r.time < END)).toBe(true);
    const others = await t.db
      .selectFrom('events')
      .select('id')
      .where((eb) =>
        eb.or([eb('employee_id', '=', OTHER), eb('time', '<', START), eb('time', '>=', END)]),
      )
      .execute();
    expect(others.length).toBe(44);
    const listed = new Set(rows.map((r) => r.id));
    expect(others.filter((o) => listed.has(String(o.id)))).toEqual([]);
  });

  it('filters by source, activity and label return exactly the matching events, counted', async () => {
    const all = await stored();
    const cases: Array<{
      query: Record<string, string>;
      keep: (e: (typeof all)[number]) => boolean;
    }> = [
      { query: { source: 'okta' }, keep: (e) => e.source === 'okta' },
      { query: { source: 'm365,windows' }, keep: (e) => ['m365', 'windows'].includes(e.source) },
      { query: { activity: 'usb_write' }, keep: (e) => e.activity === 'usb_write' },
      {
        query: { activity: 'file_download,email_send' },
        keep: (e) => ['file_download', 'email_send'].includes(e.activity),
      },
      { query: { label: 'Confidential' }, keep: (e) => e.label === 'Confidential' },
      // The USB copy of Roadmap.pptx counts as Highly Confidential, as the findings count it.
      { query: { label: 'Highly Confidential' }, keep: (e) => e.label === 'Highly Confidential' },
      {
        query: { label: 'Unlabeled' },
        keep: (e) => e.category === 'file' && e.label === null,
      },
      {
        query: { source: 'windows', activity: 'usb_write', label: 'Highly Confidential' },
        keep: (e) =>
          e.source === 'windows' && e.activity === 'usb_write' && e.label === 'Highly Confidential',
      },
      {
        query: {
          activity: 'file_view',
          from: String(START + 3 * DAY),
          to: String(START + 9 * DAY),
        },
        keep: (e) =>
          e.activity === 'file_view' && e.time >= START + 3 * DAY && e.time < START + 9 * DAY,
      },
    ];
    for (const { query, keep } of cases) {
      const expected = all.filter(keep).map((e) => e.id);
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      const { rows, first } = await readAll(query);
      expect(
        rows.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(expected);
      expect(first.total, JSON.stringify(query)).toBe(expected.length);
    }
    // A direct SQL count agrees with the total of a source.
    const [counted] = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('employee_id', '=', SUBJECT)
      .where('source', '=', 'slack')
      .where('time', '>=', START)
      .where('time', '<', END)
      .execute();
    const slack = await analyst.get(`/investigations/${caseId}/timeline/events`, {
      source: 'slack',
    });
    expect(slack.body.total).toBe(Number(counted?.n));
    expect(slack.body.rows.every((r: Row) => r.source === 'slack')).toBe(true);
  });

  it('shows the label a row was found by, also on USB copies that lost it', async () => {
    for (const label of ['Confidential', 'Highly Confidential']) {
      const { rows } = await readAll({ label }, 500);
      expect(
        rows.some((r) => r.activity === 'usb_write'),
        label,
      ).toBe(true);
      expect(
        rows.filter((r) => r.fileLabel !== label),
        label,
      ).toEqual([]);
    }
    // The devices finding (and the report's "Files written to removable media") reads the
    // same rows: the USB copy of Roadmap.pptx is Highly Confidential there too.
    const devices = await analyst.get(`/investigations/${caseId}/findings/devices`);
    expect(devices.status).toBe(200);
    const roadmap = devices.body.removableMedia.events.find(
      (e: { fileName: string }) => e.fileName === 'Roadmap.pptx',
    );
    expect(roadmap?.fileLabel).toBe('Highly Confidential');
  });

  it('reads a USB copy’s label the same in its row, its record, its sentence and the export CSV', async () => {
    const { rows } = await readAll({ label: 'Highly Confidential', activity: 'usb_write' }, 500);
    const copy = rows.find((r) => r.fileName === 'Roadmap.pptx');
    expect(copy?.fileLabel).toBe('Highly Confidential');
    const record = await analyst.get(`/investigations/${caseId}/events/${copy!.id}`);
    expect(record.status).toBe(200);
    expect(record.body.event.fileLabel).toBe('Highly Confidential');
    expect(record.body.fields.file_label).toBe('Highly Confidential');
    expect(record.body.event.summary).toBe(copy!.summary);
    expect(copy!.summary).toContain('Roadmap.pptx [Highly Confidential]');
    const line = await exportCsvLine(copy!.id);
    expect(line).toContain(',Roadmap.pptx,Highly Confidential,');
    expect(line).toContain(copy!.summary);
  });

  it('lists the sources, activities and labels of the range with their counts', async () => {
    const all = await stored();
    const count = (key: (e: (typeof all)[number]) => string | null) => {
      const counts = new Map<string, number>();
      for (const e of all) {
        const k = key(e);
        if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      return Object.fromEntries(counts);
    };
    const reply = await analyst.get(`/investigations/${caseId}/timeline/events`, { limit: 1 });
    const facets = reply.body.facets;
    const asMap = (list: Array<{ value: string; count: number }>) =>
      Object.fromEntries(list.map((f) => [f.value, f.count]));
    expect(asMap(facets.sources)).toEqual(count((e) => e.source));
    expect(asMap(facets.activities)).toEqual(count((e) => e.activity));
    expect(asMap(facets.labels)).toEqual(
      count((e) => e.label ?? (e.category === 'file' ? 'Unlabeled' : null)),
    );
    // Busiest first.
    const counts = facets.activities.map((f: { count: number }) => f.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it('a cursor written for a time starts the list at that time (jump to a date)', async () => {
    const all = await stored();
    const at = START + 10 * DAY + 5;
    const cursor = Buffer.from(`${at}.0`).toString('base64url');
    const reply = await analyst.get(`/investigations/${caseId}/timeline/events`, {
      cursor,
      limit: 5,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.rows.map((r: Row) => r.id)).toEqual(
      all
        .filter((e) => e.time >= at)
        .slice(0, 5)
        .map((e) => e.id),
    );
  });

  it('is audited as a read of the evidence', async () => {
    await analyst.get(`/investigations/${caseId}/timeline/events`, { source: 'okta' });
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'evidence.read')
      .where('target_id', '=', caseId)
      .execute();
    const details = entries.map((e) =>
      typeof e.details === 'string' ? JSON.parse(e.details) : e.details,
    );
    expect(
      details.some((d: any) => d.page === 'timeline' && d.query.source?.includes('okta')),
    ).toBe(true);
  });

  it('answers bad cursors and filters with a 400 and a sentence', async () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ cursor: 'not-a-cursor' }, /The cursor is not valid/],
      [{ source: 'myspace' }, /One of the values is not a log source/],
      [{ activity: 'file_download,teleport' }, /One of the values is not a normalized activity/],
      [{ label: 'Secret' }, /That label is not a sensitivity label/],
      [{ from: String(START + DAY), to: String(START) }, /The time range is backwards/],
      [{ limit: '0' }, /limit/i],
      [{ colour: 'red' }, /colour/],
    ];
    for (const [query, message] of bad) {
      const reply = await analyst.get(`/investigations/${caseId}/timeline/events`, query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.message, JSON.stringify(query)).toMatch(message);
    }
    const missing = await analyst.get('/investigations/no-such-case/timeline/events');
    expect(missing.status).toBe(404);
  });

  // Last: it adds an event to the subject's timeline.
  it('says a script’s command line in the export CSV’s sentence, as in its row', async () => {
    const time = START + 9 * DAY + 17 * MINUTE;
    await insertEvents(t, [
      {
        time,
        employee_id: SUBJECT,
        source: 'windows',
        category: 'script',
        activity: 'script_exec',
        process_name: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        command_line: 'Compress-Archive -Path C:\\Plans -DestinationPath E:\\plans.zip',
      },
    ]);
    const { rows } = await readAll({ activity: 'script_exec' }, 50);
    const script = rows.find((r) => r.time === time);
    expect(script?.summary).toContain('Compress-Archive -Path');
    const line = await exportCsvLine(script!.id);
    expect(line?.endsWith(`,${script!.summary}`)).toBe(true);
  });

  it('gives every cell of the export CSV a heading: the command line and the sentence under their own', async () => {
    const records = await exportCsvRecords();
    expect(records.length).toBe((await stored()).length);
    const { rows } = await readAll({ activity: 'script_exec' }, 50);
    const script = records.find((r) => r['Event'] === rows[0]!.id);
    expect(script?.['Command line']).toBe(
      'Compress-Archive -Path C:\\Plans -DestinationPath E:\\plans.zip',
    );
    expect(script?.['What happened']).toBe(rows[0]!.summary);
  });
});
