import { queryOptions } from '@tanstack/react-query';

import {
  auditReplySchema,
  personViewsReplySchema,
  viewedPeopleReplySchema,
} from '../../../shared/schemas/audit';
import { API_BASE, request } from '../http-client';

/** The audit screen's filters as the API takes them (all optional; times as typed). */
export interface AuditFilter {
  user?: string;
  person?: string;
  case?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** Query keys of the audit screen. */
export const auditKeys = {
  all: ['audit'] as const,
  entries: (filter: AuditFilter) => ['audit', 'entries', { ...filter }] as const,
  personViews: (employeeId: string, from?: string, to?: string) =>
    ['audit', 'person-views', employeeId, from ?? null, to ?? null] as const,
  viewedPeople: () => ['audit', 'viewed-people'] as const,
};

/** GET /audit: one page, newest first, from the id cursor `before`. */
export function fetchAuditPage(
  filter: AuditFilter,
  page: { before: number | null; limit: number },
  signal?: AbortSignal,
) {
  return request('/audit', {
    schema: auditReplySchema,
    query: { ...filter, limit: page.limit, before: page.before ?? undefined },
    signal,
  });
}

/** The URL of GET /audit.csv for a filter: the whole filtered view, streamed by the server. */
export function auditCsvUrl(filter: AuditFilter): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter))
    if (typeof value === 'string' && value !== '') query.append(name, value);
  const text = query.toString();
  return `${API_BASE}/audit.csv${text ? `?${text}` : ''}`;
}

/**
 * Saves the filtered audit log as CSV. A link the browser follows, rather than a fetch: the
 * file may be large, and the browser streams it to disk with the name the server gives.
 */
export function downloadAuditCsv(filter: AuditFilter): void {
  const link = document.createElement('a');
  link.href = auditCsvUrl(filter);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** GET /audit/person-views: who read one person's data, per user and kind. */
export function personViewsQuery(employeeId: string, from?: string, to?: string) {
  return queryOptions({
    queryKey: auditKeys.personViews(employeeId, from, to),
    queryFn: ({ signal }) =>
      request('/audit/person-views', {
        schema: personViewsReplySchema,
        query: { employeeId, from, to },
        signal,
      }),
  });
}

/** GET /audit/viewed-people: the people whose data was read, for the person filter. */
export function viewedPeopleQuery() {
  return queryOptions({
    queryKey: auditKeys.viewedPeople(),
    queryFn: ({ signal }) =>
      request('/audit/viewed-people', { schema: viewedPeopleReplySchema, signal }),
    staleTime: 30_000,
  });
}
