import { searchIncidentsReplySchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';

/** GET /incidents/search?q=: incidents of every case the caller may see (the palette's `#`). */
export function searchIncidents(q: string, signal?: AbortSignal) {
  return request('/incidents/search', {
    schema: searchIncidentsReplySchema,
    query: { q, limit: 30 },
    signal,
  });
}
