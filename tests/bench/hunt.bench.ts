import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import pg from 'pg';

import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { findingsDb } from '../../src/server/db/queries/findings/tables';
import { indexPendingEventTextSqlite } from '../../src/server/db/queries/event-text-index';
import { runHunt, runHuntFacet, runHuntHistogram } from '../../src/server/hunt/run-hunt';
import type { HuntDeps } from '../../src/server/hunt/run-hunt';
import { parseHuntQuery } from '../../src/server/hunt/parse-query';
import { HUNT_TOO_LONG } from '../../src/server/hunt/hunt-deadline';
import { COLUMNS, benchEvents, insertBenchEvents } from './findings-data';
import { percentile } from './percentile';

const DAY = 86_400_000;
/** The events are written in transactions of this many (one 10-million-row transaction would hold a WAL as large as the file). */
const CHUNK = 250_000;

/** Field queries (aim: p95 under 300 ms) and free text and wildcards (aim: p95 under 1 s). */
export const HUNT_BENCH_QUERIES = {
  field: [
    'activity:usb_write',
    'file.destination:personal_email',
    'file.name:"Document 42.docx"',
    'app:GitHub AND activity:repo_push',
    'email.domain:gmail.com',
    'person:E10042',
    'category:auth AND outcome:failure',
    'repository:"northwind/repo-7"',
    // The label as every screen shows it: the event's own, else its file name's in the
    // person's other events (a lookup in event_file_labels for each unlabelled event).
    'file.label:Confidential',
  ],
  text: [
    'contoso',
    'proton.me',
    '"document 42"',
    'wevtutil',
    'file.name:*4217.docx',
    'process.command:*DisableRealtimeMonitoring*',
    'email.subject:invoice',
  ],
} as const;

/** One query's timings over the default 30 days (the first page with its exact total). */
export interface HuntQueryTiming {
  q: string;
  total: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /**
   * This process's CPU time per request (p95): on SQLite the query's own work, which a loaded
   * machine does not inflate as it does the wall time; on PostgreSQL only the client's share.
   */
  cpuP95Ms: number;
  load: number[];
}

/** What the hunt bench measured on one engine. */
export interface HuntBenchResult {
  engine: 'sqlite' | 'postgres';
  events: number;
  people: number;
  days: number;
  /** Rows of event_file_labels (seedRememberedLabels): what file.label's inferred half reads. */
  rememberedLabels: number;
  buildSeconds: number;
  buildLoad: number[];
  index: { buildSeconds: number; bytes: number; name: string; load: number[] };
  /** The events' other indexes, dropped for the bulk load and built after it. */
  otherIndexes: { buildSeconds: number; names: string[] };
  eventsBytes: number;
  requestsPerQuery: number;
  field: HuntQueryTiming[];
  text: HuntQueryTiming[];
  fieldP95Ms: number;
  textP95Ms: number;
  facets: HuntQueryTiming[];
  histogram: HuntQueryTiming[];
  /** A query that reads every raw record of 90 days: stopped at 10 s with the sentence. */
  deadline: { q: string; ms: number; answer: string };
  load: number[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

const column = (name: (typeof COLUMNS)[number]) => COLUMNS.indexOf(name);
const LABEL = column('file_label');
const DESTINATION = column('file_destination');
const ACTIVITY = column('activity');

/**
 * The bench's events: the findings bench's mix, spread over `people` people (E10000…). As the
 * real generator's, a copy of a labelled file may arrive without its label (the name kept): a
 * USB write, a file leaving, and one file event in eight of each person's here, the events the remembered labels
 * (event_file_labels, seedRememberedLabels) apply to.
 */
function* everyonesEvents(end: number, count: number, people: number) {
  let i = 0;
  for (const row of benchEvents('E0', 'x', end, count)) {
    const person = (i * 7919) % people;
    row[3] = `E${10_000 + person}`;
    row[10] = `person${person}@northwind.example`;
    if (
      row[LABEL] !== null &&
      (row[ACTIVITY] === 'usb_write' ||
        row[DESTINATION] !== null ||
        Math.floor(i / people) % 8 === 0)
    ) {
      row[LABEL] = null;
    }
    yield row;
    i++;
  }
}

/**
 * Fills event_file_labels for everyone, as the rollups would once each person's case is built
 * (inferLabels, saveFileLabels): for each (person, file name) that some of the person's events
 * carry without a label, the label its other events carry (a bench file has one label; the
 * greatest stands for the commonest). Bulk SQL rather than the rollups, which build one person
 * at a time. Does nothing when already seeded (a kept build). Gives the rows there are.
 */
async function seedRememberedLabels(handle: DatabaseHandle): Promise<number> {
  const db = findingsDb(handle.db);
  const rows = async () =>
    Number(
      (
        await db
          .selectFrom('event_file_labels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await rows()) === 0) {
    await sql`insert into event_file_labels (employee_id, file_name, label)
      select l.employee_id, l.file_name, max(l.file_label) from events l
      where l.file_label is not null and l.file_name is not null and exists (
        select 1 from events u where u.employee_id = l.employee_id
          and u.file_name = l.file_name and u.file_label is null)
      group by l.employee_id, l.file_name`.execute(db);
  }
  return rows();
}

/** The next `size` rows of an iterator (the rest of a chunked bulk write). */
function* take<T>(rows: Iterator<T>, size: number) {
  for (let n = 0; n < size; n++) {
    const next = rows.next();
    if (next.done) return;
    yield next.value;
  }
}

/** Where a kept bench database and its build figures live (`--keep NAME`, `--reuse NAME`). */
export interface HuntBenchKeep {
  name: string;
  /** false: build and keep; true: measure the kept database without building. */
  reuse: boolean;
}

const benchDir = () => process.env.BENCH_HUNT_DIR ?? os.tmpdir();
const keptFile = (keep: HuntBenchKeep, engine: string, ext: string) =>
  path.join(benchDir(), `${keep.name}.${engine}.${ext}`);

/** What a build keeps beside its database so `--reuse` measures the same 90 days. */
interface KeptBuild {
  end: number;
  events: number;
  people: number;
  buildSeconds: number;
  buildLoad: number[];
  index: HuntBenchResult['index'];
  otherIndexes: HuntBenchResult['otherIndexes'];
}

async function openBenchDatabase(
  engine: 'sqlite' | 'postgres',
  name = 'huntfast_bench',
  keep?: HuntBenchKeep,
) {
  if (engine === 'sqlite') {
    let dir: string | undefined;
    let file: string;
    if (keep) {
      file = keptFile(keep, engine, 'db');
      if (keep.reuse && !fs.existsSync(file)) throw new Error(`No kept database at ${file}`);
      if (!keep.reuse)
        for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    } else {
      dir = fs.mkdtempSync(path.join(benchDir(), 'huntfast-'));
      file = path.join(dir, 'bench.db');
    }
    let handle = openDatabase(file);
    await migrateToLatest(handle.db, 'sqlite');
    return {
      handle,
      /** The same file on a new connection, which loads the statistics afresh. */
      reopen: async () => {
        await handle.close();
        handle = openDatabase(file);
        return handle;
      },
      bytes: () => fs.statSync(file).size,
      cleanup: async () => {
        await handle.close();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
        else fs.rmSync(file, { force: true });
      },
    };
  }
  if (keep) {
    if (!/^[a-z_][a-z0-9_]*$/.test(keep.name))
      throw new Error(`A kept PostgreSQL database is named with a-z, 0-9 and _: ${keep.name}`);
    name = keep.name;
  }
  const admin = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!keep?.reuse) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 4 });
  await migrateToLatest(handle.db, 'postgres', 'public');
  return {
    handle,
    bytes: async () => {
      const { rows } = await handle.pool!.query<{ n: string }>(
        `select pg_total_relation_size(relid)::text as n from pg_partition_tree('events')`,
      );
      return rows.reduce((sum, r) => sum + Number(r.n), 0);
    },
    cleanup: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Takes the events' secondary indexes (and migration 0037's text index) off before the bulk
 * load, as a restore would; gives back what builds them again, timed apart.
 */
async function withoutIndexes(handle: DatabaseHandle) {
  if (handle.sqlite) {
    const sqlite = handle.sqlite;
    const triggers = sqlite
      .prepare(
        `select name, sql from sqlite_master where type = 'trigger' and name like 'events_text_%'`,
      )
      .all() as Array<{ name: string; sql: string }>;
    const indexes = sqlite
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and tbl_name = 'events' and sql is not null`,
      )
      .all() as Array<{ name: string; sql: string }>;
    for (const t of triggers) sqlite.exec(`drop trigger ${t.name}`);
    for (const i of indexes) sqlite.exec(`drop index ${i.name}`);
    return {
      indexes: () => {
        for (const i of indexes) sqlite.exec(i.sql);
        return Promise.resolve(indexes.map((i) => i.name));
      },
      text: () => {
        sqlite.exec('insert or ignore into events_text_pending (id) select id from events');
        indexPendingEventTextSqlite(sqlite);
        for (const t of triggers) sqlite.exec(t.sql);
        const row = sqlite
          .prepare(`select sum(pgsize) as n from dbstat where name like 'events_text%'`)
          .get() as { n: number };
        return Promise.resolve({
          name: 'events_text (FTS5 trigram, contentless, detail=none)',
          bytes: row.n,
        });
      },
    };
  }
  const pool = handle.pool!;
  const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'events'
       and indexname not in (select conname from pg_constraint)`,
  );
  for (const r of rows) {
    await pool.query(`drop index ${r.indexname}`);
    // pg_indexes writes a partitioned index `ON ONLY` the parent: built so, no partition gets it.
    r.indexdef = r.indexdef.replace(' ON ONLY ', ' ON ');
  }
  const text = rows.find((r) => r.indexname === 'events_text_trgm')!;
  return {
    indexes: async () => {
      for (const r of rows) if (r !== text) await pool.query(r.indexdef);
      return rows.filter((r) => r !== text).map((r) => r.indexname);
    },
    text: async () => {
      await pool.query(text.indexdef);
      const size = await pool.query<{ n: string }>(
        `select coalesce(sum(pg_relation_size(relid)), 0)::text as n from pg_partition_tree('events_text_trgm')`,
      );
      return { name: 'events_text_trgm (pg_trgm GIN)', bytes: Number(size.rows[0]!.n) };
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function timeQuery(
  q: string,
  requests: number,
  once: () => Promise<number>,
): Promise<HuntQueryTiming> {
  // A query stopped at the 10 s deadline is measured as such (its total -1), not the end of the run.
  const orStopped = async () => {
    try {
      return await once();
    } catch (error) {
      if ((error as Error).message === HUNT_TOO_LONG) return -1;
      throw error;
    }
  };
  const first = await orStopped();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = process.cpuUsage();
    times.push((await timed(orStopped)).ms);
    const used = process.cpuUsage(started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    q,
    total: first,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times[times.length - 1] ?? 0),
    cpuP95Ms: round(percentile(cpu, 95)),
    load: loadAverage(),
  };
}

/** Writes the bench's events with the indexes off, then builds them (timed apart) and the statistics. */
async function buildBenchEvents(
  handle: DatabaseHandle,
  events: number,
  people: number,
  log: (line: string) => void,
): Promise<KeptBuild> {
  const end = Math.floor(Date.now() / DAY) * DAY + DAY;
  const putBack = await withoutIndexes(handle);
  const build = await timed(async () => {
    let written = 0;
    const rows = everyonesEvents(end, events, people);
    for (let from = 0; from < events; from += CHUNK) {
      written += await insertBenchEvents(handle, take(rows, CHUNK), {
        from: end - 90 * DAY,
        to: end,
      });
      if (from % 1_000_000 === 0) log(`  ${written.toLocaleString('en-US')} events written…`);
    }
    return written;
  });
  const buildLoad = loadAverage();
  log(`  ${build.value.toLocaleString('en-US')} events in ${(build.ms / 1000).toFixed(1)} s`);
  const others = await timed(putBack.indexes);
  log(
    `  ${others.value.length} other indexes of events built in ${(others.ms / 1000).toFixed(1)} s`,
  );
  const index = await timed(putBack.text);
  const indexLoad = loadAverage();
  log(
    `  text index built in ${(index.ms / 1000).toFixed(1)} s, ${(index.value.bytes / 2 ** 20).toFixed(0)} MB`,
  );
  if (handle.sqlite) handle.sqlite.exec('analyze');
  else await handle.pool!.query('vacuum analyze events');
  return {
    end,
    events: build.value,
    people,
    buildSeconds: round(build.ms / 1000),
    buildLoad,
    index: {
      buildSeconds: round(index.ms / 1000),
      bytes: index.value.bytes,
      name: index.value.name,
      load: indexLoad,
    },
    otherIndexes: { buildSeconds: round(others.ms / 1000), names: others.value },
  };
}

/**
 * `npm run bench -- hunt`: `events` events of `people` people over 90 days, written in bulk
 * through the database layer (the pipeline's own cost at this size is another bench's),
 * migration 0037's text index built after them, the remembered labels seeded
 * (seedRememberedLabels); then the hunting functions the routes call
 * (not HTTP): each query's first page with its total over the default 30 days, `requests`
 * times, facets and histograms, and a query that must stop at 10 s. The database is deleted
 * when measured.
 *
 * A 10-million-event build takes most of an hour per engine, so it can be built once and
 * measured again and again:
 * - `npm run bench -- hunt --keep NAME` builds and keeps the database: on SQLite the file
 *   `$BENCH_HUNT_DIR/NAME.sqlite.db` (BENCH_HUNT_DIR defaults to the system's temporary
 *   directory), on PostgreSQL the database `NAME` (a-z, 0-9, _); the build's figures and its
 *   90 days go beside them in `$BENCH_HUNT_DIR/NAME.<engine>.json`.
 * - `npm run bench -- hunt --reuse NAME` measures the kept database without building: it runs
 *   the migrations newer than the build first (so a new index is built on the kept events) and
 *   ANALYZE, and reports the kept build's figures beside the new timings.
 * Delete a kept database by hand when done (`rm $BENCH_HUNT_DIR/NAME.sqlite.*`,
 * `drop database NAME`).
 */
export async function benchHunt(
  engine: 'sqlite' | 'postgres',
  events: number,
  log: (line: string) => void,
  people = 10_000,
  requests = 10,
  keep?: HuntBenchKeep,
): Promise<HuntBenchResult> {
  const opened = await openBenchDatabase(engine, 'huntfast_bench', keep);
  const { bytes, cleanup } = opened;
  let { handle } = opened;
  try {
    let built: KeptBuild;
    if (keep?.reuse) {
      built = JSON.parse(fs.readFileSync(keptFile(keep, engine, 'json'), 'utf8')) as KeptBuild;
      log(
        `  reusing ${keep.name}: ${built.events.toLocaleString('en-US')} events built in ${built.buildSeconds} s, other indexes ${built.otherIndexes.buildSeconds} s, text index ${built.index.buildSeconds} s`,
      );
      // A migration newer than the build may have changed the indexes: statistics again.
      if (handle.sqlite) handle.sqlite.exec('analyze');
      else await handle.pool!.query('analyze events');
    } else {
      built = await buildBenchEvents(handle, events, people, log);
      if (keep) fs.writeFileSync(keptFile(keep, engine, 'json'), `${JSON.stringify(built)}\n`);
    }
    const remembered = await timed(() => seedRememberedLabels(handle));
    log(
      `  ${remembered.value.toLocaleString('en-US')} remembered labels (event_file_labels), ${(remembered.ms / 1000).toFixed(1)} s`,
    );
    if (handle.sqlite && opened.reopen) {
      // As the server has them: it never runs ANALYZE, and the rollups remember labels after
      // any the bench or an operator ran, so SQLite knows nothing of event_file_labels' size.
      // A connection keeps the statistics it loaded (ANALYZE sqlite_schema does not forget a
      // table's): a new one reads them without it.
      handle.sqlite.exec(`delete from sqlite_stat1 where tbl = 'event_file_labels'`);
      handle = await opened.reopen();
    } else if (handle.pool) await handle.pool.query('analyze event_file_labels');
    const { end } = built;
    const deps: HuntDeps = {
      db: handle.db,
      dialect: handle.dialect,
      peopleNamed: (value) => [value],
      now: end,
    };
    const page = (q: string) => async () => {
      const tree = parseHuntQuery(q);
      const found = await runHunt(deps, { q, limit: 50, sort: '-time' }, tree);
      return found.total;
    };
    const field: HuntQueryTiming[] = [];
    for (const q of HUNT_BENCH_QUERIES.field) {
      field.push(await timeQuery(q, requests, page(q)));
      log(`  ${q.padEnd(44)} ${JSON.stringify(field[field.length - 1])}`);
    }
    const text: HuntQueryTiming[] = [];
    for (const q of HUNT_BENCH_QUERIES.text) {
      text.push(await timeQuery(q, requests, page(q)));
      log(`  ${q.padEnd(44)} ${JSON.stringify(text[text.length - 1])}`);
    }
    const facets: HuntQueryTiming[] = [];
    const histogram: HuntQueryTiming[] = [];
    // file.label: its statements read the remembered labels as the page's count does.
    for (const q of ['', 'activity:usb_write', 'contoso', 'file.label:Confidential']) {
      for (const f of ['person', 'activity'] as const) {
        facets.push(
          await timeQuery(`${f} of ${q || '(everything)'}`, requests, async () => {
            const values = await runHuntFacet(deps, { q }, parseHuntQuery(q), f);
            return values.length;
          }),
        );
        log(`  facet ${JSON.stringify(facets[facets.length - 1])}`);
      }
      histogram.push(
        await timeQuery(q || '(everything)', requests, async () => {
          const h = await runHuntHistogram(deps, { q }, parseHuntQuery(q));
          return h.buckets.reduce((sum, b) => sum + b.count, 0);
        }),
      );
      log(`  histogram ${JSON.stringify(histogram[histogram.length - 1])}`);
    }
    const long = 'raw.i:*12345*';
    const stopped = await timed(async () => {
      try {
        const found = await runHunt(
          deps,
          { q: long, from: end - 90 * DAY, to: end, limit: 50, sort: '-time' },
          parseHuntQuery(long),
        );
        return `answered: ${found.total} events`;
      } catch (error) {
        const message = (error as Error).message;
        return message === HUNT_TOO_LONG ? `stopped: ${message}` : `failed: ${message}`;
      }
    });
    log(`  ${long} over 90 days: ${stopped.value} after ${(stopped.ms / 1000).toFixed(1)} s`);
    const worst = (list: HuntQueryTiming[]) => Math.max(...list.map((t) => t.p95Ms));
    return {
      engine,
      events: built.events,
      people: built.people,
      days: 90,
      rememberedLabels: remembered.value,
      buildSeconds: built.buildSeconds,
      buildLoad: built.buildLoad,
      index: built.index,
      otherIndexes: built.otherIndexes,
      eventsBytes: await bytes(),
      requestsPerQuery: requests,
      field,
      text,
      fieldP95Ms: worst(field),
      textP95Ms: worst(text),
      facets,
      histogram,
      deadline: { q: long, ms: round(stopped.ms), answer: stopped.value },
      load: loadAverage(),
    };
  } finally {
    // `--keep`/`--reuse` (or BENCH_HUNT_KEEP=1) keep the database (delete it by hand after).
    if (!keep && process.env.BENCH_HUNT_KEEP !== '1') await cleanup();
    else await handle.close();
  }
}

/** Migration 0037's write cost: rows per second of the bulk insert with its indexes and without. */
export interface TextIndexWriteCost {
  engine: 'sqlite' | 'postgres';
  rows: number;
  withIndexRowsPerSecond: number;
  withoutIndexRowsPerSecond: number;
  /** With over without: the share of the insert rate the indexes leave. */
  ratio: number;
  load: number[];
}

/** Drops what migrations 0037 and 0038 add to events (the b-trees and the text index or its triggers). */
async function dropMigration0037(handle: DatabaseHandle) {
  const drops = [
    'drop index if exists events_activity_time',
    'drop index if exists events_category_time',
    'drop index if exists events_destination_time',
    // Migration 0038's.
    ...['category', 'activity', 'outcome', 'app', 'destination', 'repository'].map(
      (name) => `drop index if exists events_hunt_${name}`,
    ),
    'drop index if exists events_outcome_category_time',
  ];
  if (handle.sqlite) {
    for (const d of drops) handle.sqlite.exec(d);
    for (const t of ['insert', 'delete', 'update'])
      handle.sqlite.exec(`drop trigger events_text_${t}`);
    return;
  }
  for (const d of [...drops, 'drop index events_text_trgm']) await handle.pool!.query(d);
}

/**
 * The same `rows` bench events written into a fresh database as migrated (every index of
 * events, 0037's included) and into one without 0037's, twice each in turn (best of two), in
 * transactions of CHUNK as the hunt bench writes: what the indexes cost the ingest's writes.
 */
export async function benchTextIndexWriteCost(
  engine: 'sqlite' | 'postgres',
  rows = 100_000,
): Promise<TextIndexWriteCost> {
  const end = Math.floor(Date.now() / DAY) * DAY + DAY;
  const rate = async (without: boolean) => {
    const { handle, cleanup } = await openBenchDatabase(engine, 'huntfast_cost');
    try {
      if (without) await dropMigration0037(handle);
      const it = everyonesEvents(end, rows, 10_000);
      const { ms } = await timed(async () => {
        for (let from = 0; from < rows; from += CHUNK) {
          await insertBenchEvents(handle, take(it, CHUNK), { from: end - 90 * DAY, to: end });
          // The ingest indexes each batch's queued events before it commits.
          if (handle.sqlite && !without) indexPendingEventTextSqlite(handle.sqlite);
        }
      });
      return rows / (ms / 1000);
    } finally {
      await cleanup();
    }
  };
  const withIndex: number[] = [];
  const withoutIndex: number[] = [];
  for (let i = 0; i < 2; i++) {
    withIndex.push(await rate(false));
    withoutIndex.push(await rate(true));
  }
  const best = (list: number[]) => Math.round(Math.max(...list));
  return {
    engine,
    rows,
    withIndexRowsPerSecond: best(withIndex),
    withoutIndexRowsPerSecond: best(withoutIndex),
    ratio: Math.round((best(withIndex) / best(withoutIndex)) * 100) / 100,
    load: loadAverage(),
  };
}
