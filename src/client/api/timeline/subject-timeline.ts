import { queryOptions } from '@tanstack/react-query';

import { timelineReplySchema } from '../../../shared/schemas/subject-timeline';
import { request } from '../http-client';
import { casePath, findingKeys } from '../findings/keys';

/** The filters of the subject timeline, as the API takes them (lists joined by commas). */
export interface TimelineFilter {
  source?: string;
  category?: string;
  activity?: string;
  label?: string;
  app?: string;
  destination?: string;
  outcome?: string;
  q?: string;
  weekday?: string;
  hour?: string;
  offHours?: string;
  days?: string;
  files?: string;
  flag?: string;
  attachments?: string;
  process?: string;
  counterpart?: string;
  ids?: string;
  from?: number;
  to?: number;
}

/** GET /investigations/{id}/timeline/events: one page, oldest first unless sorted newest first. */
export function fetchTimeline(
  investigationId: string,
  query: TimelineFilter & { sort?: 'time' | '-time'; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  return request(casePath(investigationId, 'timeline/events'), {
    schema: timelineReplySchema,
    query: { ...query, cursor: query.cursor ?? undefined },
    signal,
  });
}

/**
 * The total and the facets (sources, activities, labels with counts) of a filter: the first
 * page of one row, which carries them.
 */
export function timelineFacetsQuery(investigationId: string, filter: TimelineFilter) {
  return queryOptions({
    queryKey: findingKeys.finding(investigationId, 'timeline-facets', { ...filter }),
    queryFn: ({ signal }) => fetchTimeline(investigationId, { ...filter, limit: 1 }, signal),
    staleTime: 30_000,
  });
}

/**
 * The cursor that starts an oldest-first list at `time`: the server's cursor is the (time, id)
 * of the last row sent, and ids start at 1, so (time, 0) comes before every event at `time`.
 */
export function cursorAt(time: number): string {
  const text = `${Math.max(0, Math.floor(time))}.0`;
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
