import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shippedRules } from '../../../src/server/analysis/rules/load-rules';
import { timelineSelect } from '../../../src/server/analysis/rules/timeline-select';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { ENGINES, contextFor, engineDb } from './sigma-databases';
import { DAY, HOUR, T0, event, fileEvent, store } from './support';

/** A step whose filter limits the activity to a list, and more (the shipped cloud rule's). */
const step = shippedRules().find((r) => r.id === 'cloud-storage-exfiltration')!.condition.steps[0]!;
const scope = { employeeId: 'E1', department: 'Sales', from: T0, to: T0 + 30 * DAY };
const burst = {
  first: T0 + DAY,
  last: T0 + 20 * DAY,
  count: 0,
  distinct: null,
  sum: null,
  usual: null,
};

describe.each(ENGINES)('an incident timeline on %s', (dialect) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engineDb(dialect);
    // Uploads to the cloud every 6 hours (two at each instant from day 5, so the id breaks
    // ties), uploads that stay inside between them, and sign-ins all along.
    const hour = (h: number) => T0 + h * HOUR;
    await store(handle, 'E1', [
      ...Array.from({ length: 80 }, (_, i) => fileEvent('file_upload', hour(6 * i), null, 'cloud')),
      ...Array.from({ length: 60 }, (_, i) =>
        fileEvent('file_upload', hour(120 + 6 * i), null, 'cloud'),
      ),
      ...Array.from({ length: 80 }, (_, i) => fileEvent('file_upload', hour(6 * i + 3))),
      ...Array.from({ length: 480 }, (_, i) => event({ activity: 'login', time: hour(i) })),
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists the step's events in the burst's span, earliest first, up to the limit", async () => {
    const select = timelineSelect(step, burst, scope, contextFor(dialect), 'incident-1', 25);
    const { rows } = await sql<{ incident_id: string; event_id: number; time: number }>`
      select * from (${select}) as picked`.execute(handle.db);
    const expected = await sql<{ id: number; time: number }>`
      select id, time from events
      where employee_id = 'E1' and activity = 'file_upload' and file_destination = 'cloud'
        and time >= ${burst.first} and time <= ${burst.last}
      order by time, id limit 25`.execute(handle.db);
    expect(rows.map((r) => [r.incident_id, Number(r.event_id), Number(r.time)])).toEqual(
      expected.rows.map((r) => ['incident-1', Number(r.id), Number(r.time)]),
    );
    expect(new Set(rows.map((r) => Number(r.time))).size).toBeLessThan(25);
  });

  it.runIf(dialect === 'sqlite')(
    'picks the matching events through the activity index, not all the subject’s events in time order',
    () => {
      // The statistics ANALYZE gave on the bench's subject with a million events: with them,
      // selecting and ordering in one go read the (employee, time) index to skip a sort.
      const sqlite = handle.sqlite!;
      sqlite.exec('analyze');
      sqlite.exec("delete from sqlite_stat1 where tbl = 'events'");
      const stat = sqlite.prepare(
        "insert into sqlite_stat1 (tbl, idx, stat) values ('events', ?, ?)",
      );
      for (const [index, value] of Object.entries({
        events_employee_export: `1000000 1000000${' 1'.repeat(20)}`,
        events_employee_search: '1000000 1000000 1 1 1',
        events_employee_outbound: '8495 8495 1',
        events_employee_file_key: '299709 299709 60',
        events_employee_file: '1000000 1000000 200',
        events_employee_activity_time: '1000000 1000000 40000 1',
        events_actor_email: '1000000 1000000',
        events_employee_category_time: '1000000 1000000 111112 1',
        events_employee_time: '1000000 1000000 1',
        events_source_id: '1000000 1000000 1',
      }))
        stat.run(index, value);
      sqlite.exec('analyze sqlite_schema');
      const compiled =
        sql`select * from (${timelineSelect(step, burst, scope, contextFor(dialect), 'i', 1000)}) as t`.compile(
          handle.db,
        );
      const plan = (
        sqlite
          .prepare(`explain query plan ${compiled.sql}`)
          .all(...(compiled.parameters as unknown[])) as Array<{ detail: string }>
      )
        .map((row) => row.detail)
        .join(' | ');
      expect(plan).toContain('events_employee_activity_time');
      expect(plan).not.toContain('events_employee_time ');
    },
  );
});
