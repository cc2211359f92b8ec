import { queryOptions } from '@tanstack/react-query';

import { findingEndpoints } from '../../../shared/findings/case-endpoints';
import type { EndpointId, EndpointReply } from '../../../shared/findings/case-endpoints';
import { fillPath } from '../../../shared/findings/finding-endpoint';
import type { ParamsOf } from '../../../shared/findings/finding-endpoint';
import { request } from '../http-client';
import { casePath, findingKeys } from './keys';

/** Query values sent with a finding request. */
export type FindingQuery = Record<string, string | number | undefined>;

/** The path parameters of one catalogue endpoint, after the investigation id. */
type FindingParams<K extends EndpointId> = ParamsOf<(typeof findingEndpoints)[K]>;

/** GET one endpoint of the finding catalogue, its reply parsed with the catalogue's schema. */
export function fetchFinding<K extends EndpointId>(
  investigationId: string,
  id: K,
  query: FindingQuery,
  params: FindingParams<K>,
  signal?: AbortSignal,
): Promise<EndpointReply<K>> {
  const { path, reply } = findingEndpoints[id];
  return request(casePath(investigationId, fillPath(path, params)), {
    schema: reply,
    query,
    signal,
  }) as Promise<EndpointReply<K>>;
}

/**
 * Query options of one endpoint of the finding catalogue: the hooks of the topic modules
 * (topics.ts, app-access.ts, file-access.ts) are all built from this.
 */
export function findingQuery<K extends EndpointId>(
  investigationId: string,
  id: K,
  query: FindingQuery = {},
  params = {} as FindingParams<K>,
) {
  return queryOptions({
    queryKey: findingKeys.finding(investigationId, findingEndpoints[id].path, {
      ...params,
      ...query,
    }),
    queryFn: ({ signal }) => fetchFinding(investigationId, id, query, params, signal),
  });
}
