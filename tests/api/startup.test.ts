import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

import { verifyPassword } from '../../src/server/accounts/passwords';
import {
  buildDemoIndexes,
  finishInterruptedDemoLoad,
  loadDemoData,
} from '../../src/server/demo/demo-data';
import { deferEventIndexes } from '../../src/server/db/queries/deferred-indexes';
import { ensureFirstAdmin } from '../../src/server/startup/first-admin';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest, migrationNames } from '../../src/server/db/migrate';
import { openTestDatabase, testDialect } from './support/test-database';

describe('first run', () => {
  it('creates one admin when no user exists, even when two starts race', async () => {
    const handle = await openTestDatabase();
    try {
      const [a, b] = await Promise.all([
        ensureFirstAdmin(handle.db, 'first@vigil.test', undefined),
        ensureFirstAdmin(handle.db, 'first@vigil.test', undefined),
      ]);
      const created = [a, b].filter((r) => r.created);
      expect(created).toHaveLength(1);
      const users = await handle.db.selectFrom('users').selectAll().execute();
      expect(users.map((u) => u.email)).toEqual(['first@vigil.test']);
      const result = created[0]!;
      if (!result.created) throw new Error('unreachable');
      expect(result.generated).toBe(true);
      expect(await verifyPassword(users[0]!.password_hash, result.password)).toBe(true);
      const roles = await handle.db.selectFrom('user_roles').selectAll().execute();
      expect(roles).toEqual([{ user_id: users[0]!.id, role_id: 'admin' }]);
      expect(
        (await ensureFirstAdmin(handle.db, 'other@vigil.test', 'given-password')).created,
      ).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

describe('migrations', () => {
  it('do nothing on a database that is up to date', async () => {
    const handle = await openTestDatabase();
    try {
      const runs = await Promise.all([
        migrateToLatest(handle.db, handle.dialect, handle.schema),
        migrateToLatest(handle.db, handle.dialect, handle.schema),
      ]);
      expect(runs).toEqual([[], []]);
      const applied = await handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied).toHaveLength(migrationNames(handle.dialect).length);
    } finally {
      await handle.close();
    }
  });

  it('on a fresh PostgreSQL schema, two connections racing apply each migration exactly once', async () => {
    if (testDialect() !== 'postgres') {
      // SQLite is one file opened by one process: there is no race to test.
      expect(openDatabase('sqlite::memory:').dialect).toBe('sqlite');
      return;
    }
    const probe = await openTestDatabase();
    const url = (probe.pool!.options as { connectionString: string }).connectionString;
    const schema = `race_${Date.now()}`;
    await probe.pool!.query(`create schema ${schema}`);
    const a = openDatabase(url, { schema });
    const b = openDatabase(url, { schema });
    try {
      const [ra, rb] = await Promise.all([
        migrateToLatest(a.db, 'postgres', schema),
        migrateToLatest(b.db, 'postgres', schema),
      ]);
      expect([...ra, ...rb].sort()).toEqual(migrationNames('postgres'));
      const roles = await a.pool!.query(`select count(*)::int as n from ${schema}.roles`);
      expect(roles.rows[0].n).toBe(6);
    } finally {
      await a.close();
      await b.close();
      await probe.pool!.query(`drop schema ${schema} cascade`);
      await probe.close();
    }
  });
});

describe.runIf(testDialect() === 'postgres')('a PostgreSQL connection ended by the server', () => {
  it('does not end the process, and the next query gets a new connection', async () => {
    const handle = await openTestDatabase();
    const warned: string[] = [];
    const onWarning = (warning: Error) => warned.push(warning.message);
    process.on('warning', onWarning);
    try {
      const pid = async () =>
        Number(
          (await handle.pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
            .pid,
        );
      const first = await pid();
      const killer = new pg.Client({ connectionString: inject('pgUrl') });
      await killer.connect();
      await killer.query('select pg_terminate_backend($1)', [first]);
      await killer.end();
      await expect
        .poll(() => warned.some((m) => m.includes('PostgreSQL closed a connection')))
        .toBe(true);
      expect(await pid()).not.toBe(first);
    } finally {
      process.off('warning', onWarning);
      await handle.close();
    }
  });
});

/** Two handles on one fresh, migrated database, as two processes starting together would be. */
async function twoStartsOnOneDatabase(): Promise<{
  a: DatabaseHandle;
  b: DatabaseHandle;
  remove: () => Promise<void>;
}> {
  if (testDialect() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-two-starts-'));
    const file = path.join(dir, 'vigil.db');
    const a = openDatabase(file);
    const b = openDatabase(file);
    await migrateToLatest(a.db, 'sqlite');
    return {
      a,
      b,
      remove: async () => {
        await a.close();
        await b.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = inject('pgUrl');
  const schema = `starts_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const a = openDatabase(url, { schema });
  const b = openDatabase(url, { schema });
  await migrateToLatest(a.db, 'postgres', schema);
  return {
    a,
    b,
    remove: async () => {
      await a.close();
      await b.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

const count = async (handle: DatabaseHandle, table: 'investigations' | 'integrations' | 'events') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the demo organization', () => {
  it('is loaded once when two starts on one empty database race for it', async () => {
    const { a, b, remove } = await twoStartsOnOneDatabase();
    try {
      await ensureFirstAdmin(a.db, 'first@vigil.test', 'a-long-enough-password');
      const small = { employees: 30, days: 14, seed: 5, eventsPerWorkday: 4 };
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      const results = await Promise.all([loadDemoData(a, log, small), loadDemoData(b, log, small)]);

      const loaded = results.filter((r) => r !== null);
      expect(loaded).toHaveLength(1);
      expect(lines).toContain(
        'Another Vigil process is loading the demo organization; waiting for it…',
      );
      expect(loaded[0]!.investigations).toBeGreaterThan(0);
      expect(await count(b, 'investigations')).toBe(loaded[0]!.investigations);
      expect(await count(b, 'events')).toBe(loaded[0]!.events);
      const kinds = await b.db.selectFrom('integrations').select('kind').execute();
      expect(new Set(kinds.map((k) => k.kind)).size).toBe(kinds.length);
      expect(await loadDemoData(b, log, small)).toBeNull();
    } finally {
      await remove();
    }
  });
});

describe.runIf(testDialect() === 'postgres')(
  'the indexes of events set aside by a demo load',
  () => {
    /** The indexes of events, each as `name: definition` without the schema. */
    const indexes = async (handle: DatabaseHandle, schema: string) =>
      (
        await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = ${schema} and tablename = 'events' order by indexname`.execute(handle.db)
      ).rows.map((row) => `${row.name}: ${row.definition.replace(` ${schema}.`, ' ')}`);
    /** How many partitions of events carry the index, and how many there are. */
    const partitionsOf = async (handle: DatabaseHandle, schema: string, parent: string) =>
      Number(
        (
          await sql<{ n: string }>`
          select count(*) as n from pg_inherits where inhparent = ${`"${schema}".${parent}`}::regclass`.execute(
            handle.db,
          )
        ).rows[0]!.n,
      );

    it('are all there again, as they were, once built after the organization is loaded', async () => {
      const { a, remove } = await twoStartsOnOneDatabase();
      try {
        const schema = a.schema!;
        const before = await indexes(a, schema);
        expect(before.length).toBeGreaterThan(10);
        await ensureFirstAdmin(a.db, 'first@vigil.test', 'a-long-enough-password');
        const small = { employees: 20, days: 10, seed: 5, eventsPerWorkday: 4 };
        const loaded = await loadDemoData(a, () => undefined, small);
        expect(loaded!.events).toBeGreaterThan(0);
        // Left for Vigil to build once it listens (main.ts), not before the banner.
        expect(loaded!.indexesDeferred).toBe(before.length - 2);
        expect(await indexes(a, schema)).toHaveLength(2);
        const lines: string[] = [];
        await buildDemoIndexes(a, (line) => lines.push(line));
        expect(lines).toEqual([
          expect.stringMatching(
            new RegExp(
              `^Built the ${before.length - 2} indexes of events the demo load set aside \\([\\d.]+ s\\)\\.$`,
            ),
          ),
        ]);
        expect(await indexes(a, schema)).toEqual(before);
        expect(await a.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
        // Every partition the load created carries them (the trigram index, say).
        const partitions = await partitionsOf(a, schema, 'events');
        expect(partitions).toBeGreaterThan(1);
        expect(await partitionsOf(a, schema, 'events_text_trgm')).toBe(partitions);
      } finally {
        await remove();
      }
    });

    it('are rebuilt by the next start when the loading process died before it could', async () => {
      const { a, b, remove } = await twoStartsOnOneDatabase();
      try {
        const schema = a.schema!;
        const before = await indexes(a, schema);
        expect(await deferEventIndexes(a.db, schema, Date.now())).toBe(before.length - 2);
        expect(await indexes(a, schema)).toHaveLength(2);
        const lines: string[] = [];
        await finishInterruptedDemoLoad(b, (line) => lines.push(line));
        expect(await indexes(b, schema)).toEqual(before);
        expect(lines).toEqual([
          `Rebuilt ${before.length - 2} indexes of events an interrupted demo load set aside.`,
        ]);
        expect(await b.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
      } finally {
        await remove();
      }
    });
  },
);
