import type { CollectionSummary } from './schemas/collection';

/** How long a collector may fail before the integrations list, the dashboard and the palette say so. */
export const FAILING_NOTICE_MS = 15 * 60_000;

/**
 * Since when a collector has been failing, when that is longer than {@link FAILING_NOTICE_MS}
 * and nobody paused it; null otherwise. A collector backing off after errors counts from its
 * first failed poll, as the server records it; a paused one is left alone: someone chose that.
 */
export function failingTooLong(
  collection: CollectionSummary | null | undefined,
  now: number,
): number | null {
  if (!collection || collection.state === 'paused' || collection.failingSince === null) return null;
  return now - collection.failingSince > FAILING_NOTICE_MS ? collection.failingSince : null;
}

/** "2 h", "40 min": how long something has lasted, in the coarsest unit that reads right. */
export function failingFor(since: number, now: number): string {
  const minutes = Math.max(1, Math.floor((now - since) / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/**
 * The one sentence for a collector failing too long: "Collection has failed for 2 h: Okta answered
 * 401: the API token is not valid or has expired." (the integration's name is shown beside it).
 */
export function failingSentence(collection: CollectionSummary, since: number, now: number): string {
  const why = collection.lastError ? `: ${collection.lastError.replace(/\.?$/, '.')}` : '.';
  return `Collection has failed for ${failingFor(since, now)}${why}`;
}
