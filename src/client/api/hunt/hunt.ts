import { queryOptions } from '@tanstack/react-query';

import {
  huntEventReplySchema,
  huntEventsReplySchema,
  huntFacetReplySchema,
  huntHistogramReplySchema,
  savedHuntListSchema,
  savedHuntRuleSchema,
  savedHuntSchema,
} from '../../../shared/schemas/hunt';
import type { HuntFacetField, HuntTime } from '../../../shared/schemas/hunt';
import { request } from '../http-client';

/** A hunt as the screen holds it: the query and the time range (epoch ms). */
export interface HuntScope {
  q: string;
  from: number;
  to: number;
}

const scopeQuery = (scope: HuntScope) => ({ q: scope.q, from: scope.from, to: scope.to });

export const huntKeys = {
  all: ['hunt'] as const,
  events: (scope: HuntScope) => ['hunt', 'events', scope] as const,
  facet: (scope: HuntScope, field: HuntFacetField) => ['hunt', 'facet', field, scope] as const,
  histogram: (scope: HuntScope) => ['hunt', 'histogram', scope] as const,
  saved: () => ['hunt', 'saved'] as const,
};

/** GET /hunt/events: one page. */
export function fetchHuntPage(
  scope: HuntScope,
  page: { cursor: string | null; sort: string; limit: number },
  signal?: AbortSignal,
) {
  return request('/hunt/events', {
    schema: huntEventsReplySchema,
    query: {
      ...scopeQuery(scope),
      cursor: page.cursor ?? undefined,
      sort: page.sort,
      limit: page.limit,
    },
    signal,
  });
}

/** GET /hunt/facets. */
export function huntFacetQuery(scope: HuntScope, field: HuntFacetField) {
  return queryOptions({
    queryKey: huntKeys.facet(scope, field),
    queryFn: ({ signal }) =>
      request('/hunt/facets', {
        schema: huntFacetReplySchema,
        query: { ...scopeQuery(scope), field },
        signal,
      }),
  });
}

/** GET /hunt/histogram. */
export function huntHistogramQuery(scope: HuntScope) {
  return queryOptions({
    queryKey: huntKeys.histogram(scope),
    queryFn: ({ signal }) =>
      request('/hunt/histogram', {
        schema: huntHistogramReplySchema,
        query: scopeQuery(scope),
        signal,
      }),
  });
}

/** GET /hunt/events/{id}: one event with its raw record. */
export function fetchHuntEvent(id: string) {
  return request(`/hunt/events/${encodeURIComponent(id)}`, { schema: huntEventReplySchema });
}

/** GET /hunt/saved. */
export function savedHuntsQuery() {
  return queryOptions({
    queryKey: huntKeys.saved(),
    queryFn: ({ signal }) => request('/hunt/saved', { schema: savedHuntListSchema, signal }),
  });
}

/** POST /hunt/saved. */
export function saveHunt(body: {
  name: string;
  description: string;
  query: string;
  time: HuntTime;
  visibility: 'private' | 'shared';
}) {
  return request('/hunt/saved', { method: 'POST', body, schema: savedHuntSchema });
}

/** GET /hunt/saved/{id}/rule. */
export function savedHuntRule(id: string) {
  return request(`/hunt/saved/${encodeURIComponent(id)}/rule`, { schema: savedHuntRuleSchema });
}
