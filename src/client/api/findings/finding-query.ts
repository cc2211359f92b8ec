import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

import { request } from '../http-client';
import { casePath, findingKeys } from './keys';

/** Query values sent with a finding request. */
export type FindingQuery = Record<string, string | number | undefined>;

/**
 * Query options of one GET finding endpoint, parsed with its shared schema. The topic modules
 * (app-access.ts, topics.ts, file-access.ts…) name each endpoint once through this.
 */
export function findingQueryOptions<S extends z.ZodType>(
  investigationId: string,
  path: string,
  schema: S,
  query: FindingQuery = {},
) {
  return queryOptions({
    queryKey: findingKeys.finding(investigationId, path, query),
    queryFn: ({ signal }) =>
      request(casePath(investigationId, path), { schema, query, signal }) as Promise<z.output<S>>,
  });
}
