import { queryOptions, useQuery } from '@tanstack/react-query';

import { listDetectionRulesReplySchema } from '../../../shared/schemas/detection-rules';
import { request } from '../http-client';
import { detectionKeys } from './keys';

/** GET /detection/rules: every rule (shipped and added) and the policy presets that group them. */
export function fetchDetectionRules(signal?: AbortSignal) {
  return request('/detection/rules', { schema: listDetectionRulesReplySchema, signal });
}

export const detectionRulesQuery = () =>
  queryOptions({
    queryKey: detectionKeys.rules(),
    queryFn: ({ signal }) => fetchDetectionRules(signal),
  });

export function useDetectionRules(options: { enabled?: boolean } = {}) {
  return useQuery({ ...detectionRulesQuery(), enabled: options.enabled ?? true });
}
