import { afterAll, beforeAll, expect, it } from 'vitest';

import { ensureRollups } from '../../../src/server/analysis/findings/rollups/refresh-rollups';
import { findingsDb } from '../../../src/server/db/queries/findings/tables';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { insertEvents } from './support/insert-events';

/**
 * event_daily, the rollup most findings read, holds one row per day and (category, activity,
 * app, label, destination, item, outcome) with the count, bytes, off-hours count and first and
 * last time of its events: on SQLite the process groups the events, on PostgreSQL the SQL does,
 * and both must store the same rows.
 */

let t: TestApp;

const HOUR = 3_600_000;
const SATURDAY = Date.parse('2026-10-03T00:00:00Z');
const MONDAY = Date.parse('2026-10-05T00:00:00Z');
const SUBJECT = 'E1007';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

it('groups a day’s events by what they did, an unnamed app and an empty one alike, and carries a label the file had elsewhere', async () => {
  const download = { category: 'file', activity: 'file_download' };
  await insertEvents(t, [
    { ...download, employee_id: SUBJECT, time: SATURDAY + 10 * HOUR, app: null, file_size: 10 },
    { ...download, employee_id: SUBJECT, time: SATURDAY + 11 * HOUR, app: '', file_size: 5 },
    { ...download, employee_id: SUBJECT, time: SATURDAY + 12 * HOUR, outcome: 'failure' },
    {
      employee_id: SUBJECT,
      category: 'email',
      activity: 'email_send',
      time: MONDAY + 10 * HOUR,
      email_size: 100,
      file_name: 'plan.xlsx',
    },
    {
      employee_id: SUBJECT,
      category: 'file',
      activity: 'file_upload',
      time: MONDAY + 11 * HOUR,
      file_name: 'plan.xlsx',
      file_label: 'Confidential',
      repository: 'finance',
    },
  ]);
  await ensureRollups(t.db, t.dialect, SUBJECT, {
    timezone: 'UTC',
    startHour: 9,
    endHour: 17,
    competitors: [],
    companyDomains: [],
    sensitivityLabels: [],
  });
  const rows = await findingsDb(t.db)
    .selectFrom('event_daily')
    .select([
      'day',
      'category',
      'activity',
      'app',
      'label',
      'destination',
      'item',
      'outcome',
      'n',
      'bytes',
      'off_hours',
      'first_time',
      'last_time',
    ])
    .where('employee_id', '=', SUBJECT)
    .orderBy('day')
    .orderBy('activity')
    .orderBy('outcome')
    .execute();
  const base = { app: '', destination: '', item: '', label: '' };
  const saturday = SATURDAY / (24 * HOUR);
  const monday = MONDAY / (24 * HOUR);
  const numbers = (row: (typeof rows)[number]) => ({
    ...row,
    day: Number(row.day),
    n: Number(row.n),
    bytes: Number(row.bytes),
    off_hours: Number(row.off_hours),
    first_time: Number(row.first_time),
    last_time: Number(row.last_time),
  });
  expect(rows.map(numbers)).toEqual([
    {
      ...base,
      ...download,
      day: saturday,
      outcome: 'failure',
      n: 1,
      bytes: 0,
      off_hours: 1,
      first_time: SATURDAY + 12 * HOUR,
      last_time: SATURDAY + 12 * HOUR,
    },
    {
      ...base,
      ...download,
      day: saturday,
      outcome: 'success',
      n: 2,
      bytes: 15,
      off_hours: 2,
      first_time: SATURDAY + 10 * HOUR,
      last_time: SATURDAY + 11 * HOUR,
    },
    {
      ...base,
      category: 'email',
      activity: 'email_send',
      label: 'Confidential',
      day: monday,
      outcome: 'success',
      n: 1,
      bytes: 100,
      off_hours: 0,
      first_time: MONDAY + 10 * HOUR,
      last_time: MONDAY + 10 * HOUR,
    },
    {
      ...base,
      category: 'file',
      activity: 'file_upload',
      label: 'Confidential',
      item: 'finance',
      day: monday,
      outcome: 'success',
      n: 1,
      bytes: 0,
      off_hours: 0,
      first_time: MONDAY + 11 * HOUR,
      last_time: MONDAY + 11 * HOUR,
    },
  ]);
});
