import type { Kysely } from 'kysely';

import type {
  EventSearchHit,
  EventSearchQuery,
  EventSearchReply,
} from '../../shared/schemas/search';
import { presentEvent } from '../presenters/event';
import type { Dialect } from '../db/dialect';
import { eventsWithText, searchableCases } from '../db/queries/event-search';
import type { SearchableCaseRow } from '../db/queries/event-search';
import type { Visibility } from '../db/queries/investigations';
import type { Database } from '../db/schema';
import { presentEmployeeRef } from '../presenters/employee';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { decodeSearchCursor, encodeSearchCursor } from './event-search-cursor';
import type { EventSearchPosition } from './event-search-cursor';

/**
 * How long one request may keep scanning. A word is found by reading the search index of each
 * case's events (no index finds a word inside a text without slowing every ingest), so one found
 * nowhere costs a pass over every event of every case the caller may see; a request stops after
 * this long and its cursor resumes where the scan stopped.
 */
const SCAN_BUDGET_MS = 120;
/** The first time slice scanned in a case; the next is twice as long while slices stay quick. */
const FIRST_SLICE_MS = 86_400_000;

type Place = { index: number; time: number; id: number };

/** Where a walk of `cases` starts: the cursor's case and event, or the case after it. */
function startingPlace(cases: SearchableCaseRow[], position?: EventSearchPosition): Place {
  if (!position) return { index: 0, time: cases[0]?.window_end ?? 0, id: 0 };
  const same = cases.findIndex((c) => c.id === position.caseId);
  if (same >= 0) return { index: same, time: position.time, id: position.id };
  // The case went away (deleted, or no longer shared with the caller): go on with the next one.
  const next = cases.findIndex(
    (c) =>
      c.created_at < position.createdAt ||
      (c.created_at === position.createdAt && c.id > position.caseId),
  );
  const index = next < 0 ? cases.length : next;
  return { index, time: cases[index]?.window_end ?? 0, id: 0 };
}

function cursorAt(cases: SearchableCaseRow[], place: Place): string | null {
  const found = cases[place.index];
  if (!found) return null;
  return encodeSearchCursor({
    createdAt: found.created_at,
    caseId: found.id,
    time: place.time,
    id: place.id,
  });
}

function hitOf(found: SearchableCaseRow, policy: IdentityPolicy): EventSearchHit['investigation'] {
  return {
    id: found.id,
    title: found.title,
    subject: presentEmployeeRef(
      {
        id: found.subject_id,
        fullName: found.subject_full_name,
        email: found.subject_email,
        department: found.subject_department,
        title: found.subject_title,
      },
      policy,
    ),
  };
}

/**
 * GET /search/events: the events of the subjects of every case the caller may see, within each
 * case's window, whose searchable text (file names and paths, mail addresses and subjects, apps,
 * repositories, targets, processes, devices, command lines, messages: migration 0013) holds q,
 * folded. Case by case (newest case first), each case's events newest first. A page ends when
 * it is full or its time is up; then the cursor says where to go on, so every match is sent
 * exactly once and a page may hold fewer hits than asked (even none) with more to come.
 */
export async function searchEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  visibility: Visibility,
  query: EventSearchQuery,
  policy: IdentityPolicy,
  clock: () => number = () => performance.now(),
): Promise<EventSearchReply> {
  const started = clock();
  const cases = await searchableCases(db, visibility);
  const place = startingPlace(cases, decodeSearchCursor(query.cursor));
  const hits: EventSearchHit[] = [];
  let span = FIRST_SLICE_MS;
  while (place.index < cases.length) {
    const found = cases[place.index]!;
    const from = Math.max(found.window_start, place.time - span);
    if (place.time <= found.window_start) {
      // This case is done: the next one starts at the end of its window.
      place.index += 1;
      place.time = cases[place.index]?.window_end ?? 0;
      place.id = 0;
      span = FIRST_SLICE_MS;
      continue;
    }
    const sliceStarted = clock();
    const rows = await eventsWithText(db, dialect, {
      employeeId: found.subject_id,
      from,
      to: place.time + 1,
      before: { time: place.time, id: place.id },
      q: query.q,
      limit: query.limit - hits.length,
    });
    const investigation = hitOf(found, policy);
    for (const row of rows) hits.push({ investigation, event: presentEvent(row) });
    const last = rows[rows.length - 1];
    if (hits.length >= query.limit && last) {
      return {
        hits,
        nextCursor: cursorAt(cases, { index: place.index, time: last.time, id: last.id }),
      };
    }
    place.time = from;
    place.id = 0;
    const now = clock();
    if (now - sliceStarted < SCAN_BUDGET_MS / 4) span *= 2;
    if (now - started >= SCAN_BUDGET_MS) return { hits, nextCursor: cursorAt(cases, place) };
  }
  return { hits, nextCursor: null };
}
