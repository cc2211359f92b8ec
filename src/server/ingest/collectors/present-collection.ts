import type { EventSource } from '../../../shared/events';
import type {
  CollectionReply,
  CollectionState,
  CollectionSummary,
} from '../../../shared/schemas/collection';
import { collectionStates, collectorSpecs } from '../../../shared/schemas/collection';
import { readJson } from '../../db/dialect';
import type { CollectionRow } from '../../db/queries/integration-collections';

/** Midnight UTC of the day `now` falls in. */
export function startOfUtcDay(now: number): number {
  return now - (now % 86_400_000);
}

/** The state as stored; a state the server no longer knows reads paused or idle. */
function stateOf(row: CollectionRow | undefined): CollectionState {
  if ((collectionStates as readonly string[]).includes(row?.state ?? '')) {
    return row!.state as CollectionState;
  }
  return row?.enabled === 0 || !row ? 'paused' : 'idle';
}

/** What an integration reply carries of its collector (null when never configured). */
export function presentCollectionSummary(row: CollectionRow | undefined): CollectionSummary | null {
  if (!row) return null;
  return {
    state: stateOf(row),
    lastError: row.last_error ?? null,
    failingSince: row.failing_since === null ? null : Number(row.failing_since),
  };
}

/**
 * A collection as the API shows it: plain settings as they are, each secret only as whether it
 * is set and its last four characters. Never the sealed secrets, the cursor or the lease.
 */
export function presentCollection(
  kind: EventSource,
  row: CollectionRow | undefined,
  eventsToday: number,
  now: number,
): CollectionReply {
  const spec = collectorSpecs[kind];
  const settings: CollectionReply['settings'] = {};
  const stored = row ? readJson<Record<string, string>>(row.settings) : {};
  const hints = row ? readJson<Record<string, string>>(row.secret_hints) : {};
  for (const field of spec?.fields ?? []) {
    if (field.kind === 'secret') {
      settings[field.name] = {
        set: hints[field.name] !== undefined,
        hint: hints[field.name] ?? null,
      };
    } else if (stored[field.name] !== undefined) {
      settings[field.name] = stored[field.name]!;
    }
  }
  const state = stateOf(row);
  const newest = row?.newest_event_at ?? null;
  return {
    configured: row !== undefined,
    supported: spec !== undefined,
    enabled: row ? row.enabled === 1 : false,
    intervalSeconds: row?.interval_seconds ?? 60,
    backfillDays: row?.backfill_days ?? 7,
    settings,
    status: {
      state,
      lastPollAt: row?.last_poll_at ?? null,
      lastSuccessAt: row?.last_success_at ?? null,
      lastError: row?.last_error ?? null,
      lagSeconds: newest === null ? null : Math.max(0, Math.round((now - newest) / 1000)),
      nextPollAt: row && row.enabled === 1 ? (row.next_poll_at ?? null) : null,
      eventsToday,
      failingSince: row?.failing_since ?? null,
    },
  };
}
