import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useMe } from '../api/auth/me';
import { integrationsQuery } from '../api/integrations/list-integrations';
import { rememberEntry } from '../commands/recent-commands';
import { workspace } from '../workspace/workspace-controller';
import type { PaletteEntry } from './palette-entry';

/**
 * Connected log sources, for those who manage them: each opens its settings screen (token,
 * upload, runs). The list is small, so it is fetched whole and ranked with everything else.
 */
export function useIntegrationEntries(enabled: boolean): PaletteEntry[] {
  const me = useMe();
  const allowed = me.data?.permissions.includes('integrations.manage') ?? false;
  const result = useQuery({
    ...integrationsQuery(),
    enabled: enabled && allowed,
    staleTime: 30_000,
  });
  return useMemo(
    () =>
      (result.data?.integrations ?? []).map((item): PaletteEntry => ({
        key: `int:${item.id}`,
        group: 'Integrations',
        label: item.name,
        detail: `${item.kindLabel} · integration settings`,
        searchText: `${item.name} ${item.kindLabel} ${item.kind} integration source settings ${item.id}`,
        run: (newTab) => {
          rememberEntry(`int:${item.id}`);
          workspace.navigate(`/app/integrations/settings/${encodeURIComponent(item.id)}`, {
            newTab,
          });
        },
      })),
    [result.data],
  );
}
