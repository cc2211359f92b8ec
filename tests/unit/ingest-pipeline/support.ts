import { Readable } from 'node:stream';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';

/** A migrated in-memory SQLite database. */
export async function memoryDatabase(): Promise<DatabaseHandle> {
  const handle = openDatabase('sqlite::memory:');
  await migrateToLatest(handle.db, handle.dialect);
  return handle;
}

/** Lines as a byte stream, in chunks of `chunkBytes`, counting how many chunks were read. */
export function lineStream(lines: readonly string[], chunkBytes = 4096) {
  const bytes = Buffer.from(lines.join('\n'));
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkBytes) chunks.push(bytes.subarray(i, i + chunkBytes));
  const stats = { read: 0, total: chunks.length };
  const stream = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        stats.read += 1;
        yield chunk;
      }
    })(),
  );
  return { stream, stats };
}

/** A normalized event record as a source would send it. */
export function normalizedRecord(i: number, extra: Record<string, unknown> = {}) {
  return {
    source: 'normalized',
    sourceEventId: `unit-${i}`,
    time: Date.UTC(2026, 9, 1) + i * 60_000,
    activity: 'file_download',
    action: 'FileDownloaded',
    actorEmail: `person${i % 7}@northwind.example`,
    ...extra,
  };
}

/** An HR snapshot row. */
export function hrRecord(id: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    employee_id: id,
    full_name: `Person ${id}`,
    email,
    department: 'Engineering',
    start_date: '2024-01-15',
    ...extra,
  };
}
