import { queryOptions, useQuery } from '@tanstack/react-query';

import { listTemplatesReplySchema } from '../../../shared/schemas/templates';
import { request } from '../http-client';
import { templateKeys } from './keys';

/** GET /templates: every case template, by name (for those who may open investigations). */
export function fetchTemplates(signal?: AbortSignal) {
  return request('/templates', { schema: listTemplatesReplySchema, signal });
}

export const templatesQuery = () =>
  queryOptions({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => fetchTemplates(signal),
  });

export function useTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...templatesQuery(), enabled: options.enabled ?? true });
}
