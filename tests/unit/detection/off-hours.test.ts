import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compileFilter } from '../../../src/server/analysis/rules/compile-filter';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import { localClock } from '../../../src/shared/time/local-time';
import { ENGINES, contextFor, engineDb } from './sigma-databases';
import { event, store } from './support';

const HOUR = 3_600_000;
/** Europe/London leaves summer time at 01:00 UTC on Sunday 2026-10-25. */
const CHANGE = Date.parse('2026-10-25T01:00:00Z');
const london = { timezone: 'Europe/London', workStartHour: 9, workEndHour: 17 };

describe('working hours across a daylight-saving change', () => {
  it('finds the change to the minute, and the offsets on either side', () => {
    const hours = localClock(london, defaultConfiguration, {
      start: Date.parse('2026-10-01T00:00:00Z'),
      end: Date.parse('2026-11-20T00:00:00Z'),
    });
    expect(hours.offsets).toEqual([
      { from: Number.NEGATIVE_INFINITY, offsetMs: HOUR },
      { from: CHANGE, offsetMs: 0 },
    ]);
    expect(hours).toMatchObject({ startHour: 9, endHour: 17 });
  });
});

describe.each(ENGINES)('off_hours on %s', (dialect) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engineDb(dialect);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('reads each event in the zone of its own day', async () => {
    const times = {
      // Tuesday 20 October, 08:30 UTC = 09:30 BST: at work.
      summerMorning: Date.parse('2026-10-20T08:30:00Z'),
      // Tuesday 20 October, 16:30 UTC = 17:30 BST: after work.
      summerEvening: Date.parse('2026-10-20T16:30:00Z'),
      // Tuesday 27 October, 08:30 UTC = 08:30 GMT: before work.
      winterMorning: Date.parse('2026-10-27T08:30:00Z'),
      // Tuesday 27 October, 16:30 UTC = 16:30 GMT: at work.
      winterAfternoon: Date.parse('2026-10-27T16:30:00Z'),
      // Saturday 24 October, 12:00 UTC: a weekend.
      saturday: Date.parse('2026-10-24T12:00:00Z'),
    };
    await store(
      handle,
      'E1',
      Object.entries(times).map(([name, time]) =>
        event({ activity: 'login', time, sourceEventId: `off-${name}` }),
      ),
    );
    const hours = localClock(london, defaultConfiguration, {
      start: times.summerMorning - 7 * 24 * HOUR,
      end: times.winterAfternoon + HOUR,
    });
    const condition = compileFilter({ field: 'off_hours', eq: true }, 'e', {
      ...contextFor(dialect),
      hours,
    });
    const rows = await sql<{ source_event_id: string }>`
      select e.source_event_id from events as e
      where e.employee_id = 'E1' and e.source_event_id like 'off-%' and ${condition}
      order by e.time`.execute(handle.db);
    expect(rows.rows.map((row) => row.source_event_id)).toEqual([
      'off-summerEvening',
      'off-saturday',
      'off-winterMorning',
    ]);
  });
});
