/**
 * The integration the integrations list's cursor is on, so `q` there opens its quarantine (on
 * an integration's settings screen the URL names it). The list registers itself while mounted.
 */
let cursor: (() => string | null) | null = null;

/** Makes the integrations list the source of the integration in hand; returns the undo. */
export function setIntegrationInHand(read: () => string | null): () => void {
  cursor = read;
  return () => {
    if (cursor === read) cursor = null;
  };
}

/** The id of the integration under the list's cursor, if the list is shown. */
export function integrationInHand(): string | null {
  return cursor?.() ?? null;
}
