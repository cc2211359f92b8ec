import { listQuarantineReplySchema } from '../../../shared/schemas/quarantine';
import { request } from '../http-client';

/** The path of a quarantine: an integration's, or `command-line` for command-line batches. */
export const quarantinePath = (id: string) => `/integrations/${encodeURIComponent(id)}/quarantine`;

/**
 * GET /integrations/{id}/quarantine: the reasons with their counts and a page of records,
 * oldest first, optionally of one reason; `cursor` is the previous page's `nextCursor`.
 */
export function fetchQuarantine(
  id: string,
  page: { reason?: string | undefined; cursor?: number | undefined; limit?: number },
  signal?: AbortSignal,
) {
  return request(quarantinePath(id), {
    query: { reason: page.reason, cursor: page.cursor, limit: page.limit ?? 100 },
    schema: listQuarantineReplySchema,
    signal,
  });
}
