import type { RiskPartId } from '../../../shared/schemas/risk';
import { riskPartEventsReplySchema } from '../../../shared/schemas/risk';
import { request } from '../http-client';
import { incidentKeys, incidentPath } from './keys';

/** The query key of a part's events: under the case's risk, so a new score reloads them. */
export const riskPartEventsKey = (investigationId: string, part: RiskPartId) =>
  [...incidentKeys.risk(investigationId), 'events', part] as const;

/** GET /investigations/{id}/risk/{part}/events: one page of the events behind a part, newest first. */
export function fetchRiskPartEvents(
  investigationId: string,
  part: RiskPartId,
  page: { cursor: string | null; limit?: number },
  signal?: AbortSignal,
) {
  return request(incidentPath(investigationId, `risk/${encodeURIComponent(part)}/events`), {
    schema: riskPartEventsReplySchema,
    query: { cursor: page.cursor ?? undefined, limit: page.limit ?? 200 },
    signal,
  });
}
