import { randomBytes } from 'node:crypto';

import type pg from 'pg';

import { EVENT_COLUMNS } from './event-row';
import type { EventValues } from './event-row';
import { eventsJson } from './postgres-columns';
import { monthBounds, monthKey } from './postgres-partitions';
import type { QuarantineValues } from '../quarantine/quarantine-row';
import type { BatchStage, EmployeeValues } from './staged-rows';
import { DEFAULT_SPILL_BYTES, rowBytes } from './staged-rows';

/*
 * Bulk statements of the ingest live here rather than in db/queries: they address a temporary
 * table private to one pool client and pass chunks of rows as one JSON parameter.
 */

const TIME_INDEX = EVENT_COLUMNS.indexOf('time');
/** Rows per insert round trip (a few MB of JSON). */
export const CHUNK_ROWS = 2000;

/**
 * A PostgreSQL batch on its way in. Rows stay in memory while the batch is small (most pushes)
 * and are written straight into `events` by the commit. Past DEFAULT_SPILL_BYTES the batch
 * takes a dedicated pool client and moves to a temporary table on it (not written to the WAL,
 * seen by nobody else), a chunk per round trip, so memory stays flat; the commit then copies
 * that table. Each chunk is kept there as the JSON text it travelled as, one row, unparsed and
 * uncompressed: the commit parses it once into `events` (unpacking it into a row per event at
 * staging and reading those back at the commit cost the server about 30% more: 1.8 s against
 * 1.4 s of backend CPU for 30k events, measured). One chunk is in flight while the reader
 * parses the next, so the server's work overlaps ours. Employees (HR records) stay in memory, last record wins.
 */
export class PostgresStage implements BatchStage {
  readonly chunkRows = CHUNK_ROWS;
  /** Months the staged events fall in, for partition creation. */
  readonly months = new Set<string>();
  readonly employees = new Map<string, EmployeeValues>();
  /**
   * Quarantined records, held until the commit (each at most 1 MB; a batch of mostly bad
   * records holds them all, which a temporary table would spare: not needed so far).
   */
  quarantined: QuarantineValues[] = [];
  /** Rows held in memory; empty once spilled. */
  memoryRows: EventValues[] = [];
  eventCount = 0;
  /** The temporary table of JSON chunks (see eventsJson), once the batch spilled to one. */
  eventsTable: string | null = null;
  /** Chunks written to it so far: the next one's number, which keeps their order. */
  private chunksStaged = 0;
  private client: pg.PoolClient | null = null;
  /** Why the client's connection broke, if it did: it is then closed, not pooled again. */
  private broken: Error | null = null;
  private readonly noteBroken = (error: Error) => {
    this.broken ??= error;
  };
  private memoryBytes = 0;
  private released = false;
  /** The last staging insert sent; awaited before the next one, the commit and the discard. */
  private staging: Promise<void> = Promise.resolve();
  /** The bounds of the month last noted, [from, to). */
  private monthFrom = 0;
  private monthTo = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly spillBytes = DEFAULT_SPILL_BYTES,
  ) {}

  /**
   * The stage's dedicated client (taken from the pool on first use). A lost connection fails
   * the statement in flight; the pool's listener keeps the process alive, this one remembers
   * the loss so that discard closes the client.
   */
  async connection(): Promise<pg.PoolClient> {
    if (this.client === null) {
      const client = await this.pool.connect();
      client.on('error', this.noteBroken);
      this.client = client;
    }
    return this.client;
  }

  async addEvents(rows: readonly EventValues[]): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) this.noteMonth(row[TIME_INDEX] as number);
    this.eventCount += rows.length;
    if (this.eventsTable !== null) {
      await this.insertStaged(rows);
      return;
    }
    for (const row of rows) {
      this.memoryRows.push(row);
      this.memoryBytes += rowBytes(row);
    }
    if (this.memoryBytes > this.spillBytes) await this.spill();
  }

  /** Adds the month of `time` to {@link months}; consecutive events mostly share one. */
  private noteMonth(time: number): void {
    if (time >= this.monthFrom && time < this.monthTo) return;
    const key = monthKey(time);
    this.months.add(key);
    ({ from: this.monthFrom, to: this.monthTo } = monthBounds(key));
  }

  addEmployees(rows: readonly EmployeeValues[]): void {
    for (const row of rows) this.employees.set(row[0] as string, row);
  }

  addQuarantined(rows: readonly QuarantineValues[]): void {
    for (const row of rows) this.quarantined.push(row);
  }

  /** Moves the rows held so far to a new temporary table; later rows go straight there. */
  private async spill(): Promise<void> {
    const client = await this.connection();
    const table = `vigil_stage_events_${randomBytes(6).toString('hex')}`;
    await client.query(`create temporary table ${table} (n integer, rows text)`);
    // Read back once, at the commit: compressing megabytes of JSON would cost more than it saves.
    await client.query(`alter table ${table} alter column rows set storage external`);
    this.eventsTable = table;
    const held = this.memoryRows;
    this.memoryRows = [];
    this.memoryBytes = 0;
    await this.insertStaged(held);
  }

  private async insertStaged(rows: readonly EventValues[]): Promise<void> {
    const client = await this.connection();
    const text = `insert into ${this.eventsTable!} (n, rows) values ($1, $2)`;
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      const json = eventsJson(rows.slice(i, i + CHUNK_ROWS));
      await this.staging;
      const sent = client.query(text, [this.chunksStaged++, json]).then(() => undefined);
      // Its failure surfaces where `staging` is awaited next, not as an unhandled rejection.
      sent.catch(() => undefined);
      this.staging = sent;
    }
  }

  /** Waits for the rows still on their way to the temporary table; throws if they failed. */
  async settle(): Promise<void> {
    await this.staging;
  }

  /** Drops the temporary table, if any, and returns the client to the pool. */
  async discard(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.memoryRows = [];
    this.quarantined = [];
    this.employees.clear();
    const client = this.client;
    if (client === null) return;
    client.off('error', this.noteBroken);
    try {
      await this.staging.catch(() => undefined);
      if (this.broken === null && this.eventsTable !== null) {
        await client.query(`drop table if exists ${this.eventsTable}`);
      }
      // A broken connection is closed rather than returned to the pool.
      client.release(this.broken ?? undefined);
    } catch (error) {
      client.release(error as Error);
    }
  }
}
