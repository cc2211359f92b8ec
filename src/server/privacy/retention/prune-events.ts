import { rebuildFileRollup } from '../../db/queries/findings/files';
import {
  lockEmployeeRollups,
  readRollupState,
  writeRollupState,
} from '../../db/queries/findings/rollups';
import type { RollupState } from '../../db/queries/findings/rollups';
import { asAppDb, findingsDb } from '../../db/queries/findings/tables';
import {
  deleteAlertEvents,
  deleteEventsBatch,
  deleteIncidentEvents,
  firstEventTime,
  forgetRollups,
  nextEmployeeWithEvents,
  trimRollupDays,
} from '../../db/queries/retention';
import { lockForRetentionBatch } from '../../db/queries/retention-protection';
import type { DatabaseHandle } from '../../db/database';
import { DAY_MS } from './cutoffs';
import type { RunJournal } from './run-journal';

/**
 * Events removed per statement: short steps other writers can slip between. Measured on SQLite
 * (1M events, 411k of them old, 2 busy cores): 1,000 took 40 s with the longest stall of the
 * event loop 0.4 s; 5,000 took 32 s with stalls near 1 s.
 */
export const EVENT_BATCH = 1000;

/** How many people's rollups were trimmed or left to be rebuilt. */
export interface PrunedEvents {
  rollupsRefreshed: number;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What removing one person's old events did, for their rollups. */
interface PersonPruned {
  removed: number;
  /** The latest event time among those removed. */
  latest: number;
  /** Their rollup state when the first batch took it away (null: they had none). */
  state: RollupState | null;
}

/**
 * Removes the events Vigil received before `before`, person by person, in batches, except those
 * a case keeps (decided in each delete: see keptByCase). Each batch commits with its audit
 * entry. What is derived from them follows: alert and incident timeline links to removed events
 * go; a person's rollups lose the whole days before their first event left (and their per-file
 * totals are rebuilt), or, when a removed event shares a day with a kept one, are forgotten so
 * the next finding rebuilds them. The first batch takes the rollup state away, so a run killed
 * midway leaves rollups to be rebuilt, never rollups counting events that are gone.
 */
export async function pruneEvents(
  handle: DatabaseHandle,
  before: number,
  journal: RunJournal,
  batch = EVENT_BATCH,
): Promise<PrunedEvents> {
  const { db, dialect, schema } = handle;
  const out: PrunedEvents = { rollupsRefreshed: 0 };

  const removeAll = async (employeeId: string | null): Promise<PersonPruned> => {
    const pruned: PersonPruned = { removed: 0, latest: -Infinity, state: null };
    for (;;) {
      const { removed } = await journal.step('events', async (trx) => {
        await lockForRetentionBatch(trx, dialect, schema);
        const times = await deleteEventsBatch(trx, employeeId, before, batch);
        if (times.length > 0 && pruned.removed === 0 && employeeId !== null) {
          await lockEmployeeRollups(findingsDb(trx), dialect, employeeId);
          pruned.state = await readRollupState(trx, employeeId);
          await forgetRollups(trx, employeeId);
        }
        for (const time of times) pruned.latest = Math.max(pruned.latest, time);
        return { removed: times.length, details: employeeId ? { employeeId } : {} };
      });
      pruned.removed += removed;
      if (removed < batch) return pruned;
      await breathe();
    }
  };

  for (
    let employeeId = await nextEmployeeWithEvents(db, null);
    employeeId !== undefined;
    employeeId = await nextEmployeeWithEvents(db, employeeId)
  ) {
    const person = employeeId;
    const pruned = await removeAll(person);
    if (pruned.removed === 0) continue;
    await journal.step('alertEvents', async (trx) => ({
      removed: await deleteAlertEvents(trx, person),
      details: { employeeId: person },
    }));
    await journal.step('incidentEvents', async (trx) => ({
      removed: await deleteIncidentEvents(trx, person),
      details: { employeeId: person },
    }));
    await findingsDb(db)
      .transaction()
      .execute(async (trx) => {
        await lockEmployeeRollups(trx, dialect, person);
        const app = asAppDb(trx);
        const first = await firstEventTime(app, person);
        // Days before the first event left hold nothing now; a removed event after that day's
        // start shares its day with kept ones, so the rollups are rebuilt from the events.
        const keptFrom =
          first === null
            ? (Math.floor(pruned.latest / DAY_MS) + 1) * DAY_MS
            : Math.floor(first / DAY_MS) * DAY_MS;
        if (pruned.latest >= keptFrom) return;
        await trimRollupDays(app, person, keptFrom);
        await rebuildFileRollup(trx, dialect, person);
        // Built meanwhile by a finding: that state is the current one.
        if (pruned.state && !(await readRollupState(app, person)))
          await writeRollupState(trx, person, pruned.state, Date.now());
      });
    out.rollupsRefreshed += 1;
    await breathe();
  }
  await removeAll(null);
  return out;
}
