import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { indexBatchEventTextSqlite } from '../../../src/server/db/queries/event-text-batch';
import {
  indexPendingEventText,
  indexPendingEventTextSqlite,
} from '../../../src/server/db/queries/event-text-index';
import { engineDb } from '../detection/sigma-databases';
import { T0, fileEvent, store } from '../detection/support';

/** The plans of the statements `run` prepares that read the text index's queue. */
function queuePlans(sqlite: SQLite.Database, run: () => unknown): Promise<string[][]> {
  const seen: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = (text: string) => {
    seen.push(text);
    return prepare(text);
  };
  return Promise.resolve(run())
    .finally(() => {
      sqlite.prepare = prepare;
    })
    .then(() =>
      seen
        .filter((text) => /from events_text_pending/.test(text))
        .map((text) =>
          (
            prepare(`explain query plan ${text}`).all(...(text.includes('?') ? [0] : [])) as Array<{
              detail: string;
            }>
          ).map((row) => row.detail),
        ),
    );
}

describe('indexing the text index queue (SQLite)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await engineDb('sqlite');
    await store(
      handle,
      'E1',
      Array.from({ length: 50 }, (_, i) => fileEvent('file_copy', T0 + i, null, 'usb')),
    );
  });
  afterAll(async () => {
    await handle.close();
  });

  // Without statistics SQLite's planner read every event and looked each up in the queue: a
  // commit or a hunt cost a pass over all events, however few were queued.
  it('reads the queue, never every event, at a commit and before a hunt', async () => {
    const sqlite = handle.sqlite!;
    // One event queued, as any writer but a large ingest batch queues it.
    await store(handle, 'E1', [fileEvent('file_copy', T0 + 99, null, 'usb')]);
    const plans = [
      ...(await queuePlans(sqlite, () => indexPendingEventText(handle.db, 'sqlite'))),
      ...(await queuePlans(sqlite, () => indexBatchEventTextSqlite(sqlite, 0, null))),
      ...(await queuePlans(sqlite, () => indexPendingEventTextSqlite(sqlite))),
    ];
    const reads = plans.filter((plan) => plan.some((line) => line.includes('events_text_pending')));
    // The hunt's look at the queue and its indexing, the commit's, the bench's.
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const plan of reads) {
      expect(plan[0]).toMatch(/^(SEARCH|SCAN) events_text_pending/);
      expect(plan.join('\n')).not.toMatch(/SCAN events\b/);
    }
    expect(sqlite.prepare('select count(*) as n from events_text_pending').get()).toEqual({ n: 0 });
  });
});
