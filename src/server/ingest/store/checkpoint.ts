import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * A collector's cursor, written in the same transaction as the events of the page it follows:
 * both commit or neither does, so a crash can neither lose a page nor read it twice. The write
 * holds only while the collector still has the lease and nobody moved the cursor since it read
 * it (`expectedVersion`); otherwise the whole batch rolls back.
 */
export interface CollectorCheckpoint {
  integrationId: string;
  owner: string;
  expectedVersion: number;
  cursor: string;
  /** The newest event time of the page, for the lag; null when it had none. */
  newestEventAt: number | null;
  /** The lease is extended to here. */
  leaseUntil: number;
}

/** The cursor moved under the collector, or its lease went to another process. */
export class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
  constructor(integrationId: string) {
    super(
      `The cursor of integration ${integrationId} was moved by another collector, or this one lost its lease; the page was not written.`,
    );
  }
}

const SQLITE = `update main.integration_collections set cursor = @cursor,
    cursor_version = cursor_version + 1,
    newest_event_at = nullif(max(coalesce(newest_event_at, 0), coalesce(@newest, 0)), 0),
    lease_until = @leaseUntil, updated_at = @now
  where integration_id = @integrationId and lease_owner = @owner and cursor_version = @version`;

const POSTGRES = `update integration_collections set cursor = $1,
    cursor_version = cursor_version + 1,
    newest_event_at = nullif(greatest(coalesce(newest_event_at, 0), coalesce($2::bigint, 0)), 0),
    lease_until = $3, updated_at = $4
  where integration_id = $5 and lease_owner = $6 and cursor_version = $7`;

/** Writes the checkpoint inside a SQLite batch's open transaction. */
export function writeCheckpointSqlite(
  sqlite: SQLite.Database,
  checkpoint: CollectorCheckpoint,
  now: number,
): void {
  const { changes } = sqlite.prepare(SQLITE).run({
    cursor: checkpoint.cursor,
    newest: checkpoint.newestEventAt,
    leaseUntil: checkpoint.leaseUntil,
    now,
    integrationId: checkpoint.integrationId,
    owner: checkpoint.owner,
    version: checkpoint.expectedVersion,
  });
  if (changes !== 1) throw new CheckpointMoved(checkpoint.integrationId);
}

/** Writes the checkpoint inside a PostgreSQL batch's open transaction. */
export async function writeCheckpointPostgres(
  client: pg.PoolClient,
  checkpoint: CollectorCheckpoint,
  now: number,
): Promise<void> {
  const { rowCount } = await client.query(POSTGRES, [
    checkpoint.cursor,
    checkpoint.newestEventAt,
    checkpoint.leaseUntil,
    now,
    checkpoint.integrationId,
    checkpoint.owner,
    checkpoint.expectedVersion,
  ]);
  if (rowCount !== 1) throw new CheckpointMoved(checkpoint.integrationId);
}
