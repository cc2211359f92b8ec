import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { subjectEventPages } from '../../../src/server/db/queries/case-export';
import { EVENT_COLUMNS, EVENT_LIST_SELECTION } from '../../../src/server/db/queries/event-columns';
import type { ExportEventTuple } from '../../../src/server/db/queries/case-export';
import { timelineEvents } from '../../../src/server/db/queries/incidents';
import { insertEvents } from '../findings/support/insert-events';
import type { TestEvent } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

/**
 * How the export reads a subject's timeline (issue 16): page after page on a (time, id) cursor,
 * with the next page read ahead on PostgreSQL. Pages of a few rows over events that share their
 * times must give every event of the subject in the window once, in (time, id) order, with its
 * fields as stored.
 */

const DAY = 86_400_000;
const SUBJECT = 'E1002';
const OTHER = 'E1003';
const START = Date.UTC(2026, 5, 1);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const events: TestEvent[] = [];
  for (let i = 0; i < 240; i++) {
    // Twelve distinct times in the window (ties across page ends), and some just outside it.
    const time = START + (i % 14) * DAY - (i % 14 === 0 ? 1 : 0);
    events.push({
      time,
      employee_id: i % 5 === 0 ? OTHER : SUBJECT,
      category: i % 2 ? 'file' : 'app',
      activity: i % 2 ? 'file_download' : 'app_access',
      app: i % 3 ? 'Slack' : null,
      file_name: i % 2 ? `Plan ${i}.docx` : null,
      file_size: i % 2 ? 1000 + i : null,
      email_subject: i % 7 === 0 ? `Re: "quarter", ${i}` : null,
    });
  }
  await insertEvents(t, events);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const WINDOW = { from: START, to: START + 13 * DAY };

async function storedRows(): Promise<ExportEventTuple[]> {
  const rows = await t.db
    .selectFrom('events')
    .select(EVENT_LIST_SELECTION)
    .where('employee_id', '=', SUBJECT)
    .where('time', '>=', WINDOW.from)
    .where('time', '<', WINDOW.to)
    .orderBy('time')
    .orderBy('id')
    .execute();
  return rows.map((row) => EVENT_COLUMNS.map((c) => row[c]));
}

describe('subjectEventPages', () => {
  it('reads every event of the subject in the window once, in (time, id) order, as stored', async () => {
    const expected = await storedRows();
    expect(expected.length).toBeGreaterThan(150);
    for (const pageSize of [7, 13, 1000]) {
      const read: ExportEventTuple[] = [];
      let pages = 0;
      for await (const page of subjectEventPages(t.database, SUBJECT, WINDOW, pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        read.push(...page);
        pages++;
      }
      expect(pages).toBe(Math.ceil(expected.length / pageSize));
      expect(read).toEqual(expected);
    }
  });

  it('can be left after a page, the next one in flight, and the connection serves the next read', async () => {
    for await (const page of subjectEventPages(t.database, SUBJECT, WINDOW, 5)) {
      expect(page).toHaveLength(5);
      break;
    }
    let n = 0;
    for await (const page of subjectEventPages(t.database, SUBJECT, WINDOW, 50)) n += page.length;
    expect(n).toBe((await storedRows()).length);
  });
});

describe('timelineEvents', () => {
  it('bounded by the span of the events’ own times, reads the same rows as unbounded', async () => {
    const rows = await storedRows();
    const ids = rows.filter((_, i) => i % 3 === 0).map((row) => Number(row[0]));
    const times = rows.filter((_, i) => i % 3 === 0).map((row) => Number(row[1]));
    const span = { from: Math.min(...times), to: Math.max(...times) };
    expect(span.to).toBeGreaterThan(span.from);
    const unbounded = await timelineEvents(t.db, t.dialect, ids);
    const bounded = await timelineEvents(t.db, t.dialect, ids, span);
    expect(unbounded.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    expect(bounded).toEqual(unbounded);
    // Events outside the span are not read.
    const narrower = await timelineEvents(t.db, t.dialect, ids, { ...span, to: span.to - 1 });
    expect(narrower.length).toBeLessThan(unbounded.length);
    expect(narrower.every((r) => Number(r.time) < span.to)).toBe(true);
  });
});
