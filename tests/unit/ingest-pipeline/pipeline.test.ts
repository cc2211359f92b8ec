import { afterEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { hrRecord, lineStream, memoryDatabase, normalizedRecord } from './support';

const open: DatabaseHandle[] = [];
async function database(): Promise<DatabaseHandle> {
  const handle = await memoryDatabase();
  open.push(handle);
  return handle;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

const records = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => normalizedRecord(i, extra));

async function storedEvents(handle: DatabaseHandle) {
  return handle.db
    .selectFrom('events')
    .select(['source_event_id', 'time', 'employee_id', 'actor_email', 'attributes', 'raw'])
    .orderBy('source_event_id')
    .execute();
}

describe('the ingest pipeline on SQLite', () => {
  it('writes the same rows whether the batch stays in memory or spills to a staging file', async () => {
    const [inMemory, spilled] = [await database(), await database()];
    const batch = records(300).map((r) => JSON.stringify(r));
    const a = await ingest(inMemory, {
      source: 'normalized',
      input: lineStream(batch).stream,
      via: 'cli',
    });
    const b = await ingest(spilled, {
      source: 'normalized',
      input: lineStream(batch).stream,
      via: 'cli',
      spillBytes: 1,
    });
    expect(a).toMatchObject({ status: 'succeeded', accepted: 300, duplicate: 0 });
    expect(b).toMatchObject({ status: 'succeeded', accepted: 300, duplicate: 0 });
    expect(await storedEvents(spilled)).toEqual(await storedEvents(inMemory));
  });

  it('counts events repeated inside one batch as duplicates', async () => {
    const handle = await database();
    const batch = [...records(5), ...records(5)];
    const result = await ingest(handle, {
      source: 'normalized',
      input: { records: batch },
      via: 'cli',
    });
    expect(result).toMatchObject({ records: 10, events: 10, accepted: 5, duplicate: 5 });
  });

  it('quarantines a bad record at its position, counted from 1, and keeps the rest', async () => {
    const handle = await database();
    const batch = records(4);
    batch[2] = { ...batch[2]!, time: 'yesterday-ish' } as never;
    const result = await ingest(handle, {
      source: 'normalized',
      input: { records: batch },
      via: 'cli',
    });
    expect(result).toMatchObject({ status: 'succeeded', accepted: 3, quarantined: 1 });
    expect(result.errors.map((e) => e.position)).toEqual([3]);
  });

  it('stops reading a file of another format after its first records', async () => {
    const handle = await database();
    const lines = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({ uuid: `u${i}`, eventType: 'user.session.start' }),
    );
    const { stream, stats } = lineStream(lines, 1024);
    const result = await ingest(handle, { source: 'github', input: stream, via: 'cli' });
    expect(result.message).toMatch(
      /^record 1 does not look like a GitHub audit log record: it has no `action`/,
    );
    expect(stats.read).toBeLessThan(stats.total / 10);
  });

  it('accepts a record of several megabytes under the 8 MiB limit', async () => {
    const handle = await database();
    const big = normalizedRecord(1, { attributes: { note: 'x'.repeat(3 * 1024 * 1024) } });
    const result = await ingest(handle, {
      source: 'normalized',
      input: lineStream([JSON.stringify(big)], 65_536).stream,
      via: 'cli',
    });
    expect(result).toMatchObject({ status: 'succeeded', accepted: 1 });
  });

  it('joins events stored before HR delivered their employee, once HR does', async () => {
    const handle = await database();
    await ingest(handle, { source: 'normalized', input: { records: records(14) }, via: 'cli' });
    const unjoined = await storedEvents(handle);
    expect(unjoined.every((e) => e.employee_id === null)).toBe(true);
    const hr = await ingest(handle, {
      source: 'hr',
      input: {
        records: [
          hrRecord('E100', 'Person0@northwind.example'),
          hrRecord('E101', 'person1@northwind.example'),
        ],
      },
      via: 'cli',
    });
    expect(hr).toMatchObject({ status: 'succeeded', employees: 2 });
    // The logs' own events (the HR feed adds hire events of its own).
    const joined = (await storedEvents(handle)).filter((e) =>
      e.source_event_id.startsWith('unit-'),
    );
    expect(
      joined.filter((e) => e.actor_email === 'person0@northwind.example').map((e) => e.employee_id),
    ).toEqual(['E100', 'E100']);
    expect(joined.filter((e) => e.employee_id === null)).toHaveLength(10);
  });

  it('sets aside the second of two employees with one email, naming its record', async () => {
    const handle = await database();
    const result = await ingest(handle, {
      source: 'hr',
      input: {
        records: [
          hrRecord('E1', 'same@northwind.example'),
          hrRecord('E2', 'SAME@northwind.example'),
        ],
      },
      via: 'cli',
    });
    expect(result).toMatchObject({ status: 'succeeded', quarantined: 1 });
    expect(result.errors).toEqual([
      { position: 2, reason: expect.stringMatching(/already belongs to employee E1/) },
    ]);
    const employees = await handle.db.selectFrom('employees').select('id').execute();
    expect(employees.map((e) => e.id)).toEqual(['E1']);
  });

  it('lists at most 100 quarantined records but counts them all', async () => {
    const handle = await database();
    const result = await ingest(handle, {
      source: 'normalized',
      input: { records: records(250, { time: 'never' }) },
      via: 'cli',
    });
    expect(result).toMatchObject({ quarantined: 250, accepted: 0 });
    expect(result.errors).toHaveLength(100);
  });
});
