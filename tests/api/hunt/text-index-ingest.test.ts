import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { FOLD_FUNCTION, foldCase, registerFoldCase } from '../../../src/server/db/fold-case';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { parseHuntQuery } from '../../../src/server/hunt/parse-query';
import { runHunt } from '../../../src/server/hunt/run-hunt';
import { openTestDatabase, testDialect } from '../support/test-database';
import { ingestMails } from './support/mail-batch';

const NOW = Date.now();

let handle: DatabaseHandle;

/** Writes one event as any writer but the ingest does (tests, tools): a plain insert. */
async function insertOutside(db: DatabaseHandle, fileName: string): Promise<number> {
  const row = await db.db
    .insertInto('events')
    .values({
      source: 'normalized',
      source_event_id: `outside-${fileName}`,
      time: NOW - 7_200_000,
      class_uid: 0,
      activity_id: 0,
      category: 'file',
      activity: 'file_upload',
      action: 'upload',
      outcome: 'success',
      file_name: fileName,
      attributes: '{}',
      ingested_at: NOW,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The ids of the events whose file name begins with `word`, as stored. */
async function idsOf(db: DatabaseHandle, word: string): Promise<number[]> {
  const rows = await db.db
    .selectFrom('events')
    .select('id')
    .where('file_name', 'like', `${word}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The ids a hunt finds for a free-text word over the last day. */
async function hunt(db: DatabaseHandle, word: string): Promise<number[]> {
  const page = await runHunt(
    { db: db.db, dialect: db.dialect, peopleNamed: (v) => [v], now: NOW },
    { q: word, limit: 1000, sort: '-time' },
    parseHuntQuery(word),
  );
  return page.rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The events SQLite's FTS table holds for a word, read directly (no hunt catches up first). */
function indexHolds(sqlite: SQLite.Database, word: string): number[] {
  const grams = Array.from({ length: word.length - 2 }, (_, i) => `"${word.slice(i, i + 3)}"`);
  const rows = sqlite
    .prepare(`select rowid as id from events_text where events_text match ? order by rowid`)
    .all(grams.join(' AND ')) as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

function queueTriggerExists(sqlite: SQLite.Database): boolean {
  return (
    sqlite
      .prepare(`select 1 from sqlite_master where type = 'trigger' and name = 'events_text_insert'`)
      .get() !== undefined
  );
}

/**
 * Watches SQLite's work for the text index: how many rows are queued for it (a temporary trigger
 * on the queue), and how many times each event of `word`'s mails has its text folded for it (by
 * file name: the index's text is the only folded text that ends with the mail's domains; 0013's
 * search text stops before them).
 */
function watchIndexing(sqlite: SQLite.Database, word: string) {
  sqlite.exec(`create temp table if not exists queued (n integer not null);
    delete from temp.queued; insert into temp.queued values (0);
    create temp trigger if not exists count_queued after insert on main.events_text_pending
    begin update temp.queued set n = n + 1; end;`);
  const indexed = new Map<string, number>();
  const domains = `["${word}.example"]`;
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) => {
    if (typeof value !== 'string') return value;
    if (value.endsWith(domains)) {
      const name = value.slice(0, value.indexOf(' '));
      indexed.set(name, (indexed.get(name) ?? 0) + 1);
    }
    return foldCase(value);
  });
  return {
    queued: () => (sqlite.prepare('select n from temp.queued').get() as { n: number }).n,
    indexed,
    stop: () => registerFoldCase(sqlite),
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('hunting finds what the ingest wrote', () => {
  it('finds every event of a batch, spilled or not, the moment it is committed', async () => {
    const small = { word: 'ptarmiganfell', from: 0, count: 40, now: NOW };
    const spilled = { word: 'capybaraholm', from: 0, count: 40, now: NOW };
    expect(await ingestMails(handle, small)).toMatchObject({ accepted: 40 });
    expect(await ingestMails(handle, spilled, { spillBytes: 0 })).toMatchObject({ accepted: 40 });
    expect(await idsOf(handle, 'capybaraholm')).toHaveLength(40);
    expect(await hunt(handle, 'ptarmiganfell')).toEqual(await idsOf(handle, 'ptarmiganfell'));
    expect(await hunt(handle, 'capybaraholm')).toEqual(await idsOf(handle, 'capybaraholm'));
  });
});

describe.runIf(testDialect() === 'sqlite')('the text index and an ingest batch (SQLite)', () => {
  it('indexes a large batch by its ids, none queued, each event once, and what others queued', async () => {
    const sqlite = handle.sqlite!;
    const watch = watchIndexing(sqlite, 'marmotvale');
    try {
      // Another writer first: its event is queued, and the next batch's commit indexes it.
      const outside = await insertOutside(handle, 'Quokkabarn-notes.txt');
      expect(watch.queued()).toBe(1);
      expect(indexHolds(sqlite, 'quokkabarn')).toEqual([]);

      // Batches large enough to set the trigger aside, held in memory and spilled.
      const batch = { word: 'marmotvale', count: 150, now: NOW };
      expect(await ingestMails(handle, { ...batch, from: 0 })).toMatchObject({ accepted: 150 });
      expect(indexHolds(sqlite, 'quokkabarn')).toEqual([outside]);
      const spilled = await ingestMails(handle, { ...batch, from: 150 }, { spillBytes: 0 });
      expect(spilled).toMatchObject({ accepted: 150 });
      expect(watch.queued()).toBe(1);
      // A small batch keeps the trigger (its rows are queued) and is indexed once all the same.
      const small = await ingestMails(handle, { ...batch, from: 300, count: 10 });
      expect(small).toMatchObject({ accepted: 10 });
      expect(watch.queued()).toBe(11);

      const ids = await idsOf(handle, 'marmotvale');
      expect(ids).toHaveLength(310);
      expect(watch.indexed.size).toBe(310);
      expect([...watch.indexed.values()].every((times) => times === 1)).toBe(true);
      expect(indexHolds(sqlite, 'marmotvale')).toEqual(ids);
      expect(sqlite.prepare('select id from events_text_pending').all()).toEqual([]);

      // The trigger is back for every other writer: an insert and a change of text queue again.
      expect(queueTriggerExists(sqlite)).toBe(true);
      const later = await insertOutside(handle, 'Quokkabarn-later.txt');
      expect(watch.queued()).toBe(12);
      expect(await hunt(handle, 'quokkabarn')).toEqual([outside, later]);
      expect(indexHolds(sqlite, 'quokkabarn')).toEqual([outside, later]);
    } finally {
      watch.stop();
    }
  });

  it('leaves the trigger, the queue and the index as they were when a batch rolls back', async () => {
    const sqlite = handle.sqlite!;
    const fail = {
      faults: {
        insideTransaction: () => {
          throw new Error('disk full');
        },
      },
    };
    const batch = { word: 'wolverinemoor', from: 0, count: 150, now: NOW };
    await expect(ingestMails(handle, batch, fail)).rejects.toThrow('disk full');
    await expect(ingestMails(handle, batch, { ...fail, spillBytes: 0 })).rejects.toThrow(
      'disk full',
    );
    expect(queueTriggerExists(sqlite)).toBe(true);
    expect(await idsOf(handle, 'wolverinemoor')).toEqual([]);
    expect(indexHolds(sqlite, 'wolverinemoor')).toEqual([]);

    const outside = await insertOutside(handle, 'Wolverinemoor-outside.txt');
    expect(sqlite.prepare('select id from events_text_pending').all()).toEqual([{ id: outside }]);
    expect(await hunt(handle, 'wolverinemoor')).toEqual([outside]);
  });

  it('keeps the trigger for every writer after a process dies inside a batch', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-text-crash-'));
    const file = path.join(dir, 'vigil.db');
    const first = openDatabase(file);
    await migrateToLatest(first.db, first.dialect);
    await first.close();
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/api/hunt/support/ingest-then-die.ts', file, 'lemmingstad'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const signal = await new Promise((resolve) => child.on('exit', (_c, s) => resolve(s)));
      expect(signal).toBe('SIGKILL');
      // It died with the trigger dropped in its open transaction.
      expect(output).toContain('queueing triggers: 0');

      const after = openDatabase(file);
      try {
        expect(queueTriggerExists(after.sqlite!)).toBe(true);
        expect(await idsOf(after, 'lemmingstad')).toEqual([]);
        const outside = await insertOutside(after, 'Lemmingstad-outside.txt');
        expect(after.sqlite!.prepare('select id from events_text_pending').all()).toEqual([
          { id: outside },
        ]);
        expect(await hunt(after, 'lemmingstad')).toEqual([outside]);
      } finally {
        await after.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
