import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { techniqueName } from '../../shared/attack';
import { incidentStatusLabels, severityLabels } from '../../shared/incident-model';
import { incidentKeys } from '../api/incidents/keys';
import { searchIncidents } from '../api/incidents/search-incidents';
import { rememberEntry } from '../commands/recent-commands';
import { workspace } from '../workspace/workspace-controller';
import type { PaletteEntry } from './palette-entry';

function useDebounced(value: string, ms = 120): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Incidents matching the query across every case the user may see, searched on the server
 * (title, technique id, rule, subject, case title), for the `#` mode and the general search.
 */
export function useIncidentEntries(
  query: string,
  enabled: boolean,
): { entries: PaletteEntry[]; loading: boolean } {
  const q = useDebounced(query.trim());
  const result = useQuery({
    queryKey: incidentKeys.search(q),
    queryFn: ({ signal }) => searchIncidents(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const entries = useMemo(
    () =>
      (result.data?.incidents ?? []).map((item): PaletteEntry => ({
        key: `inc:${item.id}`,
        group: 'Incidents',
        label: item.title,
        // The case first: the same rule raises the same incident in every case about a person.
        detail: `${item.investigationTitle} · ${item.subjectName} · ${severityLabels[item.severity]} · ${incidentStatusLabels[item.status]} · ${item.techniques.join(', ')}`,
        searchText: `${item.title} ${item.techniques.join(' ')} ${item.techniques.map(techniqueName).join(' ')} ${item.subjectName} ${item.investigationTitle} ${item.ruleId} ${item.id}`,
        run: (newTab) => {
          rememberEntry(`inc:${item.id}`);
          workspace.open(
            `/app/investigations/${encodeURIComponent(item.investigationId)}/incidents/${encodeURIComponent(item.id)}`,
            { newTab },
          );
        },
      })),
    [result.data],
  );
  return { entries, loading: result.isFetching };
}
