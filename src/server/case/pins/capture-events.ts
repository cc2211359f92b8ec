import type { Kysely } from 'kysely';

import type { Investigation } from '../../../shared/schemas/investigations';
import { subjectEventsWithRaw } from '../../db/queries/findings/pinned-events';
import { findIncident } from '../../db/queries/incidents';
import type { Database } from '../../db/schema';
import { invalid } from '../../domain-error';
import { sha256Hex } from '../../privacy/canonical-json';
import type { CapturedPin } from './captured-pin';
import { shortLabel } from './captured-pin';
import { parseEventIds, pinnedEvents } from './pinned-event';

/** What to pin by events: their ids, and where they were pinned from. */
export interface EventsToPin {
  eventIds: readonly string[];
  page?: string | undefined;
  incidentId?: string | undefined;
}

/**
 * The ref of a pin of events: the event's id for one (so the event's rows elsewhere show it
 * pinned), and for several a digest of their sorted ids (a fixed length, whatever the count).
 */
function eventsRef(ids: readonly number[]): string {
  return ids.length === 1 ? String(ids[0]) : `events:${sha256Hex(ids.join(','))}`;
}

/**
 * Captures events for a pin: each one must be an event of the case's subject in the case's
 * window (the events endpoint's reading: start inclusive, end exclusive), or the pin is
 * refused naming those that are not. Keeps each event's listed row and raw record, the
 * incident it was pinned from (checked to be this case's), and when.
 */
export async function captureEvents(
  db: Kysely<Database>,
  investigation: Investigation,
  request: EventsToPin,
  capturedAt: number,
): Promise<CapturedPin> {
  const { ids, malformed } = parseEventIds(request.eventIds);
  const rows = await subjectEventsWithRaw(
    db,
    investigation.subject.id,
    { from: investigation.windowStart, to: investigation.windowEnd },
    ids,
  );
  const found = new Set(rows.map((row) => row.id));
  const unknown = [...malformed, ...ids.filter((id) => !found.has(id)).map(String)];
  if (unknown.length > 0) {
    throw invalid(
      unknown.length === 1
        ? "One of these is not an event of this investigation's subject in its window."
        : `${unknown.length} of these are not events of this investigation's subject in its window.`,
      'eventIds',
    );
  }
  let incident: { id: string; title: string } | null = null;
  if (request.incidentId !== undefined) {
    const row = await findIncident(db, investigation.id, request.incidentId);
    if (!row)
      throw invalid('There is no incident with that id in this investigation.', 'incidentId');
    incident = { id: row.id, title: row.title };
  }
  const { events, rawHashes } = pinnedEvents(rows);
  const first = events[0]!.event;
  return {
    kind: 'events',
    ref: eventsRef(ids),
    label: shortLabel(
      events.length === 1 ? first.summary : `${events.length} events: ${first.summary} …`,
    ),
    page: incident ? 'incidents' : (request.page ?? null),
    content: {
      kind: 'events',
      investigationId: investigation.id,
      subjectEmployeeId: investigation.subject.id,
      window: { start: investigation.windowStart, end: investigation.windowEnd },
      ...(incident ? { incident } : {}),
      capturedAt,
      events,
    },
    rawHashes,
  };
}
