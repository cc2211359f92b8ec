import { useQuery } from '@tanstack/react-query';

import { eventEndpoints } from '../../../shared/findings/case-endpoints';
import { fillPath } from '../../../shared/findings/finding-endpoint';
import { request } from '../http-client';
import { casePath, findingKeys } from './keys';

const { list, detail } = eventEndpoints;

/** Filters of the subject's event list. */
export interface EventListFilter {
  category?: string;
  activity?: string;
  app?: string;
  q?: string;
  from?: number;
  to?: number;
}

/** GET /investigations/{id}/events: one page, newest first unless sorted by time ascending. */
export function fetchEvents(
  investigationId: string,
  filter: EventListFilter & { sort?: 'time' | '-time'; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  return request(casePath(investigationId, list.path), {
    schema: list.reply,
    query: { ...filter, cursor: filter.cursor ?? undefined },
    signal,
  });
}

/** GET /investigations/{id}/events/{eventId}: one event with its raw record. */
export function useEventDetail(investigationId: string, eventId: string | null) {
  return useQuery({
    queryKey: findingKeys.finding(investigationId, 'event', { eventId }),
    queryFn: ({ signal }) =>
      request(casePath(investigationId, fillPath(detail.path, { eventId: eventId ?? '' })), {
        schema: detail.reply,
        signal,
      }),
    enabled: Boolean(eventId),
  });
}
