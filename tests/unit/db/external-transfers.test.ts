import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { dialectOf } from '../../../src/server/db/dialect';
import { countPartEvents, listPartEvents } from '../../../src/server/db/queries/risk-part-events';
import {
  countExternalTransfers,
  externalTransfers,
} from '../../../src/server/db/queries/risk-signals';
import type { Database } from '../../../src/server/db/schema';
import type { NormalizedEvent } from '../../../src/shared/events';
import { ENGINES, engineDb } from '../detection/sigma-databases';
import { DAY, T0, event, fileEvent, store } from '../detection/support';
import { firstStatementPlan } from './sqlite-plan';

const scope = { employeeId: 'E1', from: T0, to: T0 + 30 * DAY };
const mail = (activity: NormalizedEvent['activity'], time: number, destination: string | null) =>
  event({
    activity,
    category: activity === 'email_send' ? 'email' : 'chat',
    time,
    file: { id: null, name: 'a.pdf', path: null, size: 1, label: null, destination },
  });

describe.each(ENGINES)('external transfers on %s', (dialect) => {
  let handle: DatabaseHandle;
  /** The subject's events, and how many of them are transfers in the window. */
  const mine: NormalizedEvent[] = [];
  let expected = 0;

  beforeAll(async () => {
    handle = await engineDb(dialect);
    const risky = ['usb', 'personal_email', 'cloud', 'public_link', 'external_share'];
    for (let i = 0; i < 120; i++) {
      // Inside the window, and twice as many days outside it (before and after).
      const time = T0 + (i % 60) * DAY - 15 * DAY + (i % 7) * 3_600_000;
      const inside = time >= scope.from && time < scope.to;
      const destination = i % 4 === 0 ? null : i % 4 === 1 ? 'company' : risky[i % risky.length]!;
      const counted = inside && destination !== null && risky.includes(destination);
      mine.push(fileEvent(i % 2 ? 'file_copy' : 'file_share_external', time, null, destination));
      mine.push(mail(i % 2 ? 'email_send' : 'chat_file_share', time + 1, destination));
      // A chat download is neither a file event nor an outbound message: never a transfer.
      mine.push(mail('chat_file_download', time + 2, 'personal_email'));
      if (counted) expected += 2;
    }
    await store(handle, 'E1', mine);
    // Someone else's transfers are not the subject's.
    await store(handle, 'E2', [fileEvent('usb_write', T0 + DAY, null, 'usb')]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('tells the engine of a handle or a transaction', async () => {
    expect(dialectOf(handle.db)).toBe(dialect);
    await handle.db.transaction().execute(async (trx) => {
      expect(dialectOf<Database>(trx)).toBe(dialect);
    });
  });

  it('counts exactly the rows the drill-down lists', async () => {
    expect(expected).toBeGreaterThan(40);
    const rows = await externalTransfers(handle.db, scope).select('id').execute();
    expect(rows).toHaveLength(expected);
    expect(await countExternalTransfers(handle.db, scope)).toBe(expected);
    const selection = { kind: 'transfers' as const, from: scope.from, to: scope.to };
    expect(await countPartEvents(handle.db, 'E1', selection)).toBe(expected);
    const listed = await listPartEvents(handle.db, 'E1', selection, { limit: 1000 });
    expect(listed.map((r) => r.id).sort()).toEqual(rows.map((r) => Number(r.id)).sort());
  });

  it.runIf(dialect === 'sqlite')(
    'counts on SQLite from the ids of the file events, then the table in rowid order, and the outbound index',
    async () => {
      let counted = -1;
      const plan = await firstStatementPlan(handle.sqlite!, async (db) => {
        counted = await countExternalTransfers(db, scope);
      });
      expect(counted).toBe(expected);
      expect(plan).toContain('SEARCH events USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan).toContain(
        'SEARCH events USING COVERING INDEX events_employee_category_time (employee_id=? AND category=? AND time>? AND time<?)',
      );
      expect(plan).toContain(
        'SEARCH events USING INDEX events_employee_outbound (employee_id=? AND time>? AND time<?)',
      );
      expect(plan.join(' | ')).not.toContain('MULTI-INDEX OR');
    },
  );
});
