import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { statusLabels } from '../../shared/investigation-model';
import { fetchEmployees } from '../api/employees/list-employees';
import { fetchInvestigations } from '../api/investigations/list-investigations';
import { rememberEntry } from '../commands/recent-commands';
import { workspace } from '../workspace/workspace-controller';
import type { PaletteEntry } from './palette-entry';

/** The query a little after the user stops typing, so the server is asked once per pause. */
function useDebounced(value: string, ms = 120): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Investigations matching the query, searched on the server (the set can be large). */
export function useInvestigationEntries(
  query: string,
  enabled: boolean,
): { entries: PaletteEntry[]; loading: boolean } {
  const q = useDebounced(query.trim());
  const result = useQuery({
    queryKey: ['palette', 'investigations', q],
    queryFn: ({ signal }) =>
      fetchInvestigations({ q: q || undefined, limit: 50, sort: '-updatedAt' }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const entries = useMemo(
    () =>
      (result.data?.investigations ?? []).map((item): PaletteEntry => ({
        key: `inv:${item.id}`,
        group: 'Investigations',
        label: item.title,
        detail: `${item.subject.fullName} · ${statusLabels[item.status]} · ${item.riskLevel} risk`,
        searchText: `${item.title} ${item.subject.fullName} ${item.subject.email} ${item.id} ${item.type}`,
        run: (newTab) => {
          rememberEntry(`inv:${item.id}`);
          workspace.open(`/app/investigations/${item.id}`, { newTab });
        },
      })),
    [result.data],
  );
  return { entries, loading: result.isFetching };
}

/** Employees matching the query, searched on the server. */
export function useEmployeeEntries(
  query: string,
  enabled: boolean,
): { entries: PaletteEntry[]; loading: boolean } {
  const q = useDebounced(query.trim());
  const result = useQuery({
    queryKey: ['palette', 'employees', q],
    // The reply keeps the text it answers, so its entries change only when a reply arrives
    // (a list rebuilt on every keystroke would move the palette's selection under Enter).
    queryFn: async ({ signal }) => ({ ...(await fetchEmployees(q || undefined, signal)), q }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const entries = useMemo(
    () =>
      (result.data?.employees ?? []).slice(0, 50).map((person): PaletteEntry => ({
        key: `emp:${person.id}`,
        group: 'People',
        label: person.fullName,
        detail: [person.title, person.department, person.id].filter(Boolean).join(' · '),
        searchText: `${person.fullName} ${person.email} ${person.id} ${person.department ?? ''} ${person.title ?? ''}`,
        // Asked with the query: someone allowed may find a person by their real name.
        serverMatch: (result.data?.q ?? '').length > 0,
        run: (newTab) => {
          rememberEntry(`emp:${person.id}`);
          workspace.navigate(`/app/employees/?employee=${encodeURIComponent(person.id)}`, {
            newTab,
          });
        },
      })),
    [result.data],
  );
  return { entries, loading: result.isFetching };
}
