import { createHash } from 'node:crypto';

/*
 * Where a Microsoft 365 read stands, per content type: whether its subscription was started,
 * the publish time (contentCreated) its next listing starts from, and the blobs already stored
 * whose publish time is at or after it (by a short digest of their contentId). Listings re-read
 * a trailing window, because content can be listed late under an earlier publish time; the
 * blobs remembered here are not fetched again, and records read twice keep one event by Id.
 */

/** One content type's progress. */
export interface ContentTypeProgress {
  subscribed: boolean;
  /** Epoch ms: the next listing's startTime (inclusive). */
  start: number;
  /** Digest of a stored blob's contentId → its contentCreated (epoch ms). */
  seen: Record<string, number>;
}

/** The whole cursor, saved with every blob's records. */
export interface M365Cursor {
  types: Record<string, ContentTypeProgress>;
}

/** The digest a blob is remembered by (contentIds run to 150 characters). */
export function blobKey(contentId: string): string {
  return createHash('sha256').update(contentId).digest('base64url').slice(0, 16);
}

/** The saved cursor, or a new one (an unreadable cursor starts again: ids keep events once). */
export function readM365Cursor(saved: string | null): M365Cursor {
  if (saved) {
    try {
      const cursor = JSON.parse(saved) as M365Cursor;
      if (cursor && typeof cursor.types === 'object') return cursor;
    } catch {
      // Fall through to a new cursor.
    }
  }
  return { types: {} };
}

/** Moves a content type's listing start, forgetting the blobs published before it. */
export function moveStart(progress: ContentTypeProgress, start: number): void {
  progress.start = Math.max(progress.start, start);
  for (const [key, created] of Object.entries(progress.seen)) {
    if (created < progress.start) delete progress.seen[key];
  }
}
