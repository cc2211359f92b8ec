import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { findingsDb } from '../../../src/server/db/queries/findings/tables';
import { DAY, T0, detectionDb, event, store } from '../detection/support';
import { firstStatementPlan } from '../db/sqlite-plan';
import { huntInWindow } from './hunt-window';

/** A file event of `name`, with its own label or none (a USB copy keeps the name, not the label). */
const file = (name: string, label: string | null, time: number) =>
  event({
    activity: label ? 'file_view' : 'usb_write',
    time,
    file: { id: null, name, path: null, size: 1000, label, destination: null },
  });

describe('hunting a remembered label on SQLite without statistics', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // As the server has it: it never runs ANALYZE, so sqlite_stat1 says nothing of either table.
    handle = await detectionDb();
    await store(handle, 'E1', [
      file('plan.docx', 'Confidential', T0),
      file('plan.docx', null, T0 + DAY),
      file('plan.docx', null, T0 + 40 * DAY),
      file('notes.txt', 'Public', T0),
      file('notes.txt', null, T0 + 2 * DAY),
    ]);
    await store(handle, 'E2', [file('plan.docx', null, T0 + 3 * DAY)]);
    await findingsDb(handle.db)
      .insertInto('event_file_labels')
      .values([
        { employee_id: 'E1', file_name: 'plan.docx', label: 'Confidential' },
        { employee_id: 'E1', file_name: 'notes.txt', label: 'Public' },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('finds the own label and the remembered one, in the range, of that person only', async () => {
    const page = await huntInWindow(handle.db, 'file.label:confidential');
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.employee_id, r.time, r.file_label])).toEqual([
      ['E1', T0 + DAY, 'Confidential'],
      ['E1', T0, 'Confidential'],
    ]);
  });

  it('looks the unlabelled events up from the remembered labels, not the range by time', async () => {
    // Driven by the range's time index, the lookup probed event_file_labels for every event
    // of the range (1M events: 1.25 s of CPU for a month). Migration 0053's index makes the
    // pairs labelled X the cheap start even when the planner knows nothing of either table.
    const plan = (
      await firstStatementPlan(
        handle.sqlite!,
        (db) => huntInWindow(db, 'file.label:Confidential'),
        (sql) => /count\(/i.test(sql),
      )
    ).join(' | ');
    expect(plan).toContain('SEARCH fl USING COVERING INDEX event_file_labels_label');
    expect(plan).toContain('SEARCH u USING INDEX events_unlabelled_file');
    expect(plan).not.toContain('SEARCH u USING INDEX events_time');
  });
});
