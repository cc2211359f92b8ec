import type { DatabaseHandle } from '../../db/database';
import {
  analyzeTable,
  autovacuumRuns,
  eventsHierarchyRows,
  tablesPastAnalyzeThreshold,
} from '../../db/queries/table-statistics';

/** The share of the events table that must have come (or gone) since its last ANALYZE. */
const EVENTS_DRIFT = 0.1;

/**
 * Keeps PostgreSQL's planner statistics current where nothing else does, and returns the
 * tables it analyzed. Autovacuum never analyzes a partitioned table itself, only its
 * partitions (PostgreSQL's documentation says to ANALYZE the parent by hand), so the events
 * hierarchy is analyzed once it has grown or shrunk by a tenth since its last ANALYZE, or was
 * never analyzed. On a server whose autovacuum is off, every other table past autovacuum's own
 * threshold is analyzed too: without this a first load of millions of events would be planned
 * with no statistics at all. SQLite is left as it is (its plans were tuned without statistics).
 */
export async function refreshStatistics(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect !== 'postgres') return [];
  const { db } = handle;
  const analyzed: string[] = [];
  const events = await eventsHierarchyRows(db);
  const eventsDue =
    events.analyzed === null
      ? events.live > 0
      : Math.abs(events.live - events.analyzed) > EVENTS_DRIFT * events.analyzed + 1_000;
  if (eventsDue) {
    await analyzeTable(db, 'events');
    analyzed.push('events');
  }
  if (!(await autovacuumRuns(db))) {
    // The events partitions analyzed with their parent just now are no longer past it.
    for (const name of await tablesPastAnalyzeThreshold(db)) {
      await analyzeTable(db, name);
      analyzed.push(name);
    }
  }
  return analyzed;
}
