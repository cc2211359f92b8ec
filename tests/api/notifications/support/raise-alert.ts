import { randomUUID } from 'node:crypto';

import { runDetectionPass } from '../../../../src/server/analysis/alerts/detection-pass';
import { ingest } from '../../../../src/server/ingest/pipeline/ingest';
import { push } from '../../ingest/support/ingest-helpers';
import type { TestApp } from '../../support/test-app';

/** A person of the demo directory, with the name and address a message must never carry. */
export async function somePerson(t: TestApp, offset = 0) {
  return t.db
    .selectFrom('employees')
    .select(['id', 'email', 'full_name'])
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
}

/**
 * Ingests a cleared Security log for a person (the event-log-cleared rule raises a high alert on
 * one) as a push would, then runs detection. Returns how long ingest and detection took.
 */
export async function raiseAlertByIngest(t: TestApp, email: string): Promise<number> {
  const started = performance.now();
  const batch = await ingest(t.database, {
    source: 'normalized',
    input: {
      records: [
        {
          activity: 'log_clear',
          action: 'LogCleared',
          time: Date.now() - 60_000,
          actorEmail: email,
          sourceEventId: `clear-${randomUUID()}`,
        },
      ],
    },
    via: 'cli',
  });
  if (batch.status !== 'succeeded') throw new Error(`ingest: ${JSON.stringify(batch)}`);
  const outcome = await runDetectionPass(t.database);
  if (outcome.failed !== 0) throw new Error('detection failed');
  return performance.now() - started;
}

/**
 * The same cleared log pushed over HTTP to an integration with its token, as a log shipper
 * does, then detection. Returns how long the push's reply and detection took.
 */
export async function raiseAlertByPush(
  t: TestApp,
  integration: { id: string; token: string },
  email: string,
): Promise<number> {
  const started = performance.now();
  const record = {
    activity: 'log_clear',
    action: 'LogCleared',
    time: Date.now() - 60_000,
    actorEmail: email,
    sourceEventId: `clear-${randomUUID()}`,
  };
  const reply = await push(t, integration.id, integration.token, `${JSON.stringify(record)}\n`);
  if (reply.status !== 200) throw new Error(`push: ${reply.status} ${JSON.stringify(reply.body)}`);
  const outcome = await runDetectionPass(t.database);
  if (outcome.failed !== 0) throw new Error('detection failed');
  return performance.now() - started;
}
