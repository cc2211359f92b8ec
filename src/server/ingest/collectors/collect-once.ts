import os from 'node:os';

import type { FastifyBaseLogger } from 'fastify';

import type { EventSource } from '../../../shared/events';

import type { DatabaseHandle } from '../../db/database';
import { appendAudit } from '../../db/queries/audit';
import { findIntegration } from '../../db/queries/integrations';
import type { CollectionRow } from '../../db/queries/integration-collections';
import {
  claimCollectionLease,
  finishPoll,
  markPolling,
  renewCollectionLease,
  saveCursorAlone,
} from '../../db/queries/integration-collections';
import { isPidAlive, parseOwnerTag } from '../../runs/this-process';
import { ingestForIntegration } from '../integrations/ingest-for-integration';
import type { IngestRequest } from '../pipeline/types';
import { CheckpointMoved } from '../store/checkpoint';
import type { PollOutcome } from './collector';
import { collectorFor } from './collectors';
import { pollEnd } from './poll-end';
import type { SecretBox } from './secret-box';
import { SecretUnreadable } from './secret-box';
import { collectorContextBase } from './collector-context';

/** What a poll needs from the server around it. */
export interface CollectDeps {
  database: DatabaseHandle;
  secretBox: SecretBox;
  allowInsecure: boolean;
  /** This process, as its leases name it (`host/pid/instance`). */
  owner: string;
  /** How long a lease holds without being renewed: a dead process's lapses after this. */
  leaseMs: number;
  log: FastifyBaseLogger;
  stopping(): boolean;
  /** Tests only: passed to each page's ingest (a crash inside its transaction). */
  faults?: IngestRequest['faults'];
}

/** A page the pipeline rejected (a record it cannot read): the cursor stays before it. */
class PageRejected extends Error {
  override readonly name = 'PageRejected';
}

/** A lease held by a process of this machine that is gone may be taken at once. */
function staleOwner(row: CollectionRow): string | null {
  const owner = parseOwnerTag(row.lease_owner);
  if (owner === null || owner.hostname !== os.hostname()) return null;
  return isPidAlive(owner.pid) && owner.pid !== process.pid ? null : row.lease_owner;
}

async function auditTransition(
  deps: CollectDeps,
  row: CollectionRow,
  state: string,
  message: string | null,
  now: number,
): Promise<void> {
  const wasFailing = row.state === 'failing';
  const failing = state === 'failing';
  if (wasFailing === failing || (!failing && state !== 'idle')) return;
  await appendAudit(deps.database.db, {
    at: now,
    actorUserId: null,
    actorEmail: null,
    action: failing ? 'integration.collection.failing' : 'integration.collection.recovered',
    targetType: 'integration',
    targetId: row.integration_id,
    details: failing ? { message } : { failedSince: row.failing_since },
    ip: null,
    userAgent: null,
  });
}

/**
 * Collects one integration once, if no other process holds its lease: reads from its cursor
 * until caught up, each page's events and next cursor in one transaction, then writes how it
 * went and lets the lease go. Returns false when another process has it.
 */
export async function collectOnce(deps: CollectDeps, integrationId: string): Promise<boolean> {
  const { db } = deps.database;
  const integration = await findIntegration(db, integrationId);
  const current = await db
    .selectFrom('integration_collections')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
  const collector = integration ? collectorFor(integration.kind) : null;
  if (!integration || !current || !collector) return false;
  const started = Date.now();
  const row = await claimCollectionLease(db, {
    integrationId,
    owner: deps.owner,
    now: started,
    until: started + deps.leaseMs,
    staleOwner: staleOwner(current),
  });
  if (!row) return false;
  const heartbeat = setInterval(
    () => {
      void renewCollectionLease(db, integrationId, deps.owner, Date.now() + deps.leaseMs).catch(
        () => undefined,
      );
    },
    Math.max(1000, deps.leaseMs / 3),
  );
  heartbeat.unref();
  let version = Number(row.cursor_version);
  let outcome: PollOutcome;
  try {
    await markPolling(db, integrationId, deps.owner, started);
    const base = collectorContextBase(row, deps.secretBox);
    outcome = await collector.poll({
      ...base,
      allowInsecure: deps.allowInsecure,
      now: () => Date.now(),
      stopping: () => deps.stopping(),
      async commitPage(records, cursor, newestEventAt) {
        const result = await ingestForIntegration(
          deps.database,
          integration,
          { records },
          'collector',
          undefined,
          integration.kind as EventSource,
          {
            checkpoint: {
              integrationId,
              owner: deps.owner,
              expectedVersion: version,
              cursor,
              newestEventAt,
              leaseUntil: Date.now() + deps.leaseMs,
            },
            ...(deps.faults ? { faults: deps.faults } : {}),
          },
        );
        if (result.status !== 'succeeded') throw new PageRejected(result.message ?? 'rejected');
        version += 1;
      },
      async saveCursor(cursor) {
        const saved = await saveCursorAlone(db, {
          integrationId,
          owner: deps.owner,
          expectedVersion: version,
          cursor,
          now: Date.now(),
        });
        if (!saved) throw new CheckpointMoved(integrationId);
        version += 1;
      },
    });
  } catch (error) {
    if (error instanceof CheckpointMoved) {
      // Another process has it now; it writes the state. Nothing of the page was stored.
      deps.log.warn({ integrationId }, error.message);
      clearInterval(heartbeat);
      return false;
    }
    if (error instanceof PageRejected) {
      const message = `A page could not be stored, so the collector stopped before it: ${error.message}`;
      outcome = { kind: 'broken', message };
    } else if (error instanceof SecretUnreadable) {
      outcome = { kind: 'denied', message: error.message };
    } else {
      deps.log.error({ err: error, integrationId }, 'collection failed');
      const message =
        'The collector failed unexpectedly; the server log has the details. Nothing of the page was stored.';
      outcome = { kind: 'broken', message };
    }
  } finally {
    clearInterval(heartbeat);
  }
  const now = Date.now();
  const end = pollEnd(row, outcome, now);
  await finishPoll(db, integrationId, deps.owner, end, now);
  await auditTransition(deps, row, end.state!, end.last_error ?? null, now);
  return true;
}
