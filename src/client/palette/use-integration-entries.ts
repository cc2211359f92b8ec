import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { failingSentence, failingTooLong } from '../../shared/collection-alarm';
import { buildPath } from '../../shared/routes';
import { COMMAND_LINE_QUARANTINE } from '../../shared/schemas/quarantine';
import { useMe } from '../api/auth/me';
import { integrationsQuery } from '../api/integrations/list-integrations';
import { rememberEntry } from '../commands/recent-commands';
import { workspace } from '../workspace/workspace-controller';
import type { PaletteEntry } from './palette-entry';

/** An entry that opens a screen, remembered as recent. */
function opener(key: string, path: string) {
  return (newTab: boolean) => {
    rememberEntry(key);
    workspace.navigate(path, { newTab });
  };
}

/**
 * Connected log sources, for those who manage them: each opens its settings screen (token,
 * upload, runs) and its quarantine; the command line's quarantine too. `alarms` are the
 * collectors failing for more than 15 minutes ("Collector failing: Okta…"), which the palette
 * lists first. The list is small, so it is fetched whole and ranked with everything else.
 */
export function useIntegrationEntries(enabled: boolean): {
  entries: PaletteEntry[];
  alarms: PaletteEntry[];
} {
  const me = useMe();
  const allowed = me.data?.permissions.includes('integrations.manage') ?? false;
  const result = useQuery({
    ...integrationsQuery(),
    enabled: enabled && allowed,
    staleTime: 30_000,
  });
  const { data, dataUpdatedAt } = result;
  return useMemo(() => {
    const integrations = data?.integrations ?? [];
    const entries = integrations.flatMap((item): PaletteEntry[] => {
      const settings = buildPath('integrationSettings', { integrationId: item.id });
      const quarantine = buildPath('integrationQuarantine', { integrationId: item.id });
      return [
        {
          key: `int:${item.id}`,
          group: 'Integrations',
          label: item.name,
          detail: `${item.kindLabel} · integration settings`,
          searchText: `${item.name} ${item.kindLabel} ${item.kind} integration source settings ${item.id}`,
          run: opener(`int:${item.id}`, settings),
        },
        {
          key: `intq:${item.id}`,
          group: 'Integrations',
          label: `Quarantine of ${item.name}`,
          detail: `${item.kindLabel} · records that could not become events`,
          searchText: `quarantine of ${item.name} ${item.kindLabel} ${item.kind} quarantined bad records`,
          run: opener(`intq:${item.id}`, quarantine),
        },
      ];
    });
    if (allowed && data) {
      entries.push({
        key: `intq:${COMMAND_LINE_QUARANTINE}`,
        group: 'Integrations',
        label: 'Quarantine of command-line batches',
        detail: 'npm run ingest · records that could not become events',
        searchText: 'quarantine of command-line batches cli command line ingest quarantined',
        run: opener(
          `intq:${COMMAND_LINE_QUARANTINE}`,
          buildPath('integrationQuarantine', { integrationId: COMMAND_LINE_QUARANTINE }),
        ),
      });
    }
    const alarms = integrations.flatMap((item): PaletteEntry[] => {
      const since = failingTooLong(item.collection, dataUpdatedAt);
      if (since === null || !item.collection) return [];
      return [
        {
          key: `intf:${item.id}`,
          group: 'Integrations',
          label: `Collector failing: ${item.name}`,
          detail: failingSentence(item.collection, since, dataUpdatedAt),
          searchText: `collector failing ${item.name} ${item.kindLabel} collection error broken`,
          run: opener(
            `int:${item.id}`,
            buildPath('integrationSettings', { integrationId: item.id }),
          ),
        },
      ];
    });
    return { entries, alarms };
  }, [data, dataUpdatedAt, allowed]);
}
