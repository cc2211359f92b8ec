import type { Kysely } from 'kysely';

import { getPrivacySettings } from '../../db/queries/privacy-settings';
import type { Database } from '../../db/schema';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The sentence for a batch whose events are older than the events period (imported history):
 * retention counts from when Vigil received them, so they stay the whole period and go on the
 * first daily run after it. Null when the batch is within the period.
 */
export function retentionWarningText(
  oldestEvent: number | null,
  receivedAt: number,
  eventsDays: number,
): string | null {
  if (oldestEvent === null || oldestEvent >= receivedAt - eventsDays * DAY_MS) return null;
  // A run removes whole UTC days received before today minus the period.
  const removedFrom = (Math.floor(receivedAt / DAY_MS) + eventsDays + 1) * DAY_MS;
  return `This batch holds events from as far back as ${isoDay(oldestEvent)}, older than the events period (${eventsDays} days). Retention counts from when Vigil received them, so they are kept until ${isoDay(removedFrom)} and removed by the first retention run from then on, unless an open case or a legal hold keeps them.`;
}

/** The warning for a batch just written, with the periods as they are now. */
export async function retentionWarning(
  db: Kysely<Database>,
  oldestEvent: number | null,
  receivedAt: number,
): Promise<string | null> {
  if (oldestEvent === null) return null;
  const { eventsDays } = (await getPrivacySettings(db)).retention;
  return retentionWarningText(oldestEvent, receivedAt, eventsDays);
}
