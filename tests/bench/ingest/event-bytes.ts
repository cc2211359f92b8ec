import { sql } from 'kysely';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import type { Engine } from './engines';
import { freshDatabase } from './engines';

/** How many events each kind is measured over. */
const EVENTS = 20_000;

/** Bytes on disk per event of one kind, and the average raw record it keeps. */
export interface EventBytes {
  events: number;
  bytesPerEvent: number;
  rawBytesPerEvent: number;
}

/** A Sysmon record of `eventId` as OTRF/NXLog export them, the `n`th of its kind. */
function sysmonRecord(eventId: number, n: number, data: Record<string, string>) {
  const time = Date.UTC(2026, 0, 5) + n * 1000;
  return {
    SourceName: 'Microsoft-Windows-Sysmon',
    Channel: 'Microsoft-Windows-Sysmon/Operational',
    Hostname: `LAPTOP-${n % 50}.corp.example`,
    EventID: eventId,
    EventRecordID: n + 1,
    UtcTime: new Date(time).toISOString().replace('T', ' ').replace('Z', ''),
    ProcessGuid: '{1a2b3c4d-5e6f-6633-2c01-000000000a00}',
    ProcessId: String(4000 + (n % 300)),
    User: `CORP\\user${n % 50}`,
    ...data,
  };
}

/** Records no finding uses (Sysmon 7 image loads): generic events. */
function genericRecords(): unknown[] {
  return Array.from({ length: EVENTS }, (_, n) =>
    sysmonRecord(7, n, {
      Image: 'C:\\Windows\\System32\\rundll32.exe',
      ImageLoaded: `C:\\Windows\\System32\\lib${n % 400}.dll`,
      FileVersion: '10.0.19041.1',
      Description: 'Windows library',
      Product: 'Microsoft Windows Operating System',
      Company: 'Microsoft Corporation',
      OriginalFileName: `lib${n % 400}.dll`,
      Hashes: 'SHA256=0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9',
      Signed: 'true',
      Signature: 'Microsoft Windows',
      SignatureStatus: 'Valid',
    }),
  );
}

/** Records the parser normalizes (Sysmon 1 process starts) of about the same size. */
function normalizedRecords(): unknown[] {
  return Array.from({ length: EVENTS }, (_, n) =>
    sysmonRecord(1, n, {
      Image: `C:\\Program Files\\Tool${n % 400}\\tool.exe`,
      FileVersion: '10.0.19041.1',
      Description: 'A tool',
      Product: 'Tools',
      Company: 'Tools Inc.',
      OriginalFileName: 'tool.exe',
      CommandLine: `"C:\\Program Files\\Tool${n % 400}\\tool.exe" --run ${n}`,
      CurrentDirectory: 'C:\\Users\\user\\',
      IntegrityLevel: 'Medium',
      Hashes: 'SHA256=0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9',
      ParentImage: 'C:\\Windows\\explorer.exe',
      ParentCommandLine: 'C:\\Windows\\Explorer.EXE',
    }),
  );
}

/** The database's size on disk, its write-ahead log folded in. */
async function databaseBytes(handle: DatabaseHandle): Promise<number> {
  if (handle.dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(handle.db);
    const size = await sql<{ page_size: number }>`pragma page_size`.execute(handle.db);
    return Number(pages.rows[0]!.page_count) * Number(size.rows[0]!.page_size);
  }
  await sql`vacuum analyze`.execute(handle.db);
  const row = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(
    handle.db,
  );
  return Number(row.rows[0]!.n);
}

async function measure(engine: Engine, records: unknown[]): Promise<EventBytes> {
  const database = await freshDatabase(engine);
  try {
    const before = await databaseBytes(database.handle);
    const result = await ingest(database.handle, {
      source: 'windows',
      input: { records },
      via: 'cli',
    });
    const after = await databaseBytes(database.handle);
    const rawLength =
      engine === 'sqlite' ? sql`sum(length(raw))` : sql`sum(octet_length(raw::text))`;
    const raw = await sql<{ n: number | string }>`select ${rawLength} as n from events`.execute(
      database.handle.db,
    );
    const events = result.accepted;
    return {
      events,
      bytesPerEvent: Math.round((after - before) / Math.max(1, events)),
      rawBytesPerEvent: Math.round(Number(raw.rows[0]!.n) / Math.max(1, events)),
    };
  } finally {
    await database.cleanup();
  }
}

/**
 * Bytes on disk per event for generic events (a kind no finding uses, kept with its fields in
 * the attribute bag) and for normalized ones, on one engine: the growth of keeping every record.
 */
export async function eventBytes(
  engine: Engine,
): Promise<{ generic: EventBytes; normalized: EventBytes }> {
  return {
    generic: await measure(engine, genericRecords()),
    normalized: await measure(engine, normalizedRecords()),
  };
}
