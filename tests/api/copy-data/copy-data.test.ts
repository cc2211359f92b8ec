import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import { copyDataCommand } from '../../../src/server/cli/copy-data';
import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { insertUserIfAbsent } from '../../../src/server/db/queries/users';
import { isCopiedTable } from '../../../src/server/db/queries/copy-tables';
import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { openTestDatabase, testDialect } from '../support/test-database';

/*
 * `npm run copy-data -- --to postgres://…`: a SQLite database moved into PostgreSQL. The target
 * is PostgreSQL by definition, so this file runs in the api-postgres project only (the SQLite
 * side is an in-memory database made here).
 */

let source: DatabaseHandle;
let target: DatabaseHandle;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { output: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

const tablesOf = (sqlite: NonNullable<DatabaseHandle['sqlite']>) =>
  (
    sqlite
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name`,
      )
      .all() as Array<{ name: string }>
  )
    .map((r) => r.name)
    .filter(isCopiedTable);

async function counts(handle: DatabaseHandle, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    if (handle.sqlite) {
      out[table] = (
        handle.sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number }
      ).n;
    } else {
      const { rows } = await handle.pool!.query<{ n: string }>(
        `select count(*) as n from "${handle.schema}"."${table}"`,
      );
      out[table] = Number(rows[0]!.n);
    }
  }
  return out;
}

describe.skipIf(testDialect() !== 'postgres')('npm run copy-data (SQLite to PostgreSQL)', () => {
  beforeAll(async () => {
    source = openDatabase('sqlite::memory:');
    await migrateToLatest(source.db, 'sqlite');
    // Two months of a small organization through the real pipeline, then detection: people,
    // events in several months, ingest runs (an identity column), alerts and risk scores.
    await ingestGeneratedDataset(source, {
      seed: 3,
      employees: 12,
      days: 40,
      endDate: '2026-10-20',
    });
    await runDetectionPass(source);
    await insertUserIfAbsent(
      source.db,
      {
        id: 'u-copied',
        email: 'copied@vigil.test',
        displayName: 'Copied',
        passwordHash: 'not-a-real-hash',
        now: Date.now(),
      },
      ['analyst'],
    );
    target = await openTestDatabase('postgres');
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('copies every table row for row, events into their months, and new rows get new ids', async () => {
    const tables = tablesOf(source.sqlite!);
    const before = await counts(source, tables);
    expect(before.events).toBeGreaterThan(1000);
    expect(before.ingest_runs).toBeGreaterThan(0);
    expect(before.alerts).toBeGreaterThan(0);
    expect(before.user_roles).toBeGreaterThan(0);
    const { output, out, err } = capture();
    expect(await copyDataCommand([], output, { source, target })).toBe(0);
    expect(err).toEqual([]);
    expect(out.at(-1)).toMatch(/rows in \d+ tables copied/);
    expect(await counts(target, tables)).toEqual(before);

    // The same event, field for field (JSON columns compared as values).
    const sample = source
      .sqlite!.prepare(`select * from events order by id limit 1 offset 500`)
      .get() as Record<string, unknown>;
    const copied = await target.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', Number(sample.id))
      .executeTakeFirstOrThrow();
    expect(copied.source_event_id).toBe(sample.source_event_id);
    expect(Number(copied.time)).toBe(sample.time);
    expect(copied.employee_id).toBe(sample.employee_id);
    expect(copied.attributes).toEqual(JSON.parse(String(sample.attributes)));

    // Every event sits in its month's partition, none in the default one.
    const { rows } = await target.pool!.query<{ n: string }>(
      `select count(*) as n from "${target.schema}".events_default`,
    );
    expect(Number(rows[0]!.n)).toBe(0);

    // Sequences moved past the copied ids: the next batch is a new ingest run, not a clash.
    const lastRun = Math.max(
      ...(source.sqlite!.prepare('select id from ingest_runs').all() as Array<{ id: number }>).map(
        (r) => r.id,
      ),
    );
    const result = await ingest(target, {
      source: 'normalized',
      input: {
        records: [
          {
            activity: 'login',
            action: 'AfterCopy',
            time: Date.parse('2026-10-21T09:00:00Z'),
            actorEmail: 'someone@northwind.example',
            sourceEventId: 'after-copy-1',
          },
        ],
      },
      via: 'cli',
      options: { now: Date.parse('2026-10-22T00:00:00Z') },
    });
    expect(result.status).toBe('succeeded');
    expect(result.runId).toBeGreaterThan(lastRun);
  });

  it('refuses a target that already holds data, writing nothing', async () => {
    const tables = tablesOf(source.sqlite!);
    const held = await counts(target, tables);
    const { output, err } = capture();
    expect(await copyDataCommand([], output, { source, target })).toBe(1);
    expect(err.join('\n')).toMatch(
      /already holds data \(its users table has rows\).*No rows were written/,
    );
    expect(await counts(target, tables)).toEqual(held);
  });

  it('asks for a postgres:// target and a SQLite source', async () => {
    const { output, err } = capture();
    expect(await copyDataCommand(['--to', 'data/other.db'], output)).toBe(2);
    expect(err.join('\n')).toMatch(/--to must be a postgres:\/\/ URL/);
    expect(
      await copyDataCommand(
        ['--to', 'postgres://nobody@127.0.0.1:1/x', '--from', 'postgres://nobody@127.0.0.1:1/y'],
        output,
      ),
    ).toBe(2);
    expect(err.join('\n')).toMatch(/the source is already PostgreSQL/);
  });
});
