import { useQuery } from '@tanstack/react-query';

import { unmappedAccountsReplySchema } from '../../../shared/schemas/identity-mapping';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** GET /integrations/unmapped-accounts: accounts whose events joined no employee. */
export function useUnmappedAccounts() {
  return useQuery({
    queryKey: integrationKeys.unmapped(),
    queryFn: ({ signal }) =>
      request('/integrations/unmapped-accounts', { schema: unmappedAccountsReplySchema, signal }),
    // Re-resolution runs in the background after HR or mapping changes: follow it while it runs.
    refetchInterval: (query) => (query.state.data?.resolving ? 3_000 : 30_000),
  });
}
