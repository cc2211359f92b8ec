import type { Kysely } from 'kysely';

import type {
  EventDetail,
  EventsQuery,
  EventsReply,
} from '../../../shared/schemas/findings/events';
import type { Investigation } from '../../../shared/schemas/investigations';
import { readJson } from '../../db/dialect';
import { countEvents, findSubjectEvent, listEvents } from '../../db/queries/findings/event-rows';
import type { EventListRow } from '../../db/queries/event-columns';
import type { EventFilter } from '../../db/queries/findings/event-rows';
import type { Database } from '../../db/schema';
import { invalid, notFound } from '../../domain-error';
import { decodeCursor, encodeCursor } from './event-cursor';
import { presentEvent } from '../../presenters/event';

/** Totals above this are not counted (the list says "10,000+"), so a million events stay cheap. */
const COUNT_CAP = 10_000;

/** GET /investigations/{id}/events: the subject's events in the window, filtered and cursor-paged. */
export async function subjectEvents(
  db: Kysely<Database>,
  investigation: Investigation,
  query: EventsQuery,
): Promise<EventsReply> {
  const from = Math.max(investigation.windowStart, query.from ?? 0);
  const to = Math.min(investigation.windowEnd, query.to ?? Number.MAX_SAFE_INTEGER);
  if (query.from !== undefined && query.to !== undefined && query.to <= query.from) {
    throw invalid('The time range is backwards: to must be after from.');
  }
  const filter: EventFilter = {
    employeeId: investigation.subject.id,
    from,
    to,
    ...(query.category ? { categories: [query.category] } : {}),
    ...(query.activity ? { activities: [...new Set(query.activity.split(','))] } : {}),
    ...(query.app ? { app: query.app } : {}),
    ...(query.q ? { q: query.q } : {}),
    desc: query.sort === '-time',
    limit: query.limit + 1,
  };
  const after = decodeCursor(query.cursor);
  const rows = await listEvents(db, after ? { ...filter, after } : filter);
  const page = rows.slice(0, query.limit);
  const total = query.cursor || query.q ? null : await countEvents(db, filter, COUNT_CAP + 1);
  return {
    rows: page.map(presentEvent),
    nextCursor:
      rows.length > query.limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
    total: total === null || total > COUNT_CAP ? null : total,
  };
}

function flat(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/** GET /investigations/{id}/events/{eventId}: one of the subject's events with its raw record. */
export async function subjectEvent(
  db: Kysely<Database>,
  investigation: Investigation,
  eventId: number,
): Promise<EventDetail> {
  const row = await findSubjectEvent(db, investigation.subject.id, eventId);
  if (!row) throw notFound("There is no event with that id of this investigation's subject.");
  const { raw, attributes, ...columns } = row;
  const listed = {
    ...columns,
    id: Number(columns.id),
    time: Number(columns.time),
  } as unknown as EventListRow;
  const fields: EventDetail['fields'] = {};
  for (const [key, value] of Object.entries(columns)) {
    if (key === 'employee_id' || key === 'ingested_at' || key === 'search_text') continue;
    fields[key] =
      key === 'email_recipients' || key === 'email_domains'
        ? flat(value === null ? null : readJson(value))
        : flat(value);
  }
  return {
    event: presentEvent(listed),
    fields,
    attributes: readJson<Record<string, unknown>>(attributes ?? '{}'),
    raw: raw === null ? null : readJson(raw),
    ingestedAt: Number(columns.ingested_at),
  };
}
