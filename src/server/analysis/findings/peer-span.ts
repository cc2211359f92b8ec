import type { FindingsWindow } from '../../db/queries/findings/window-facts';

const DAY_MS = 86_400_000;
/** The department's habits are looked for at least this far before the window. */
const PEER_LOOKBACK_MS = 365 * DAY_MS;

/**
 * Where a finding looks for what the subject's department does (which apps its people use,
 * which resources they ask for): from the subject's first logged activity, and never less than
 * the year before the window, up to the window's end. "Ever" had no lower bound, and PostgreSQL
 * planned every monthly partition back to the oldest hire record (2013 in the benchmark's
 * organization, some 160 partitions) for a question about recent habits.
 */
export function peerSpan(window: FindingsWindow, firstActivity: number | null): FindingsWindow {
  return {
    start: Math.min(firstActivity ?? window.start, window.start - PEER_LOOKBACK_MS),
    end: window.end,
  };
}
