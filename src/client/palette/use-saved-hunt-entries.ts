import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { huntPath } from '../../shared/hunt/hunt-link';
import type { HuntTime } from '../../shared/schemas/hunt';
import { savedHuntsQuery } from '../api/hunt/hunt';
import { rememberEntry } from '../commands/recent-commands';
import { workspace } from '../workspace/workspace-controller';
import type { PaletteEntry } from './palette-entry';

const SPANS: Record<string, string> = {
  '24h': 'last 24 hours',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
  '90d': 'last 90 days',
};

/** The time of a saved search in words. */
function timeWords(time: HuntTime): string {
  if ('last' in time) return SPANS[time.last] ?? time.last;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `${day(time.from)} to ${day(time.to)}`;
}

/**
 * Saved hunting searches (the caller's and the shared ones), for those who may hunt: each opens
 * the Hunt screen at its address (query and time in the URL), as a link to it would. The list
 * is small, so it is fetched whole and ranked with everything else.
 */
export function useSavedHuntEntries(enabled: boolean): PaletteEntry[] {
  const result = useQuery({ ...savedHuntsQuery(), enabled, staleTime: 10_000 });
  const { data } = result;
  return useMemo(
    () =>
      (enabled ? (data?.searches ?? []) : []).map((search): PaletteEntry => {
        const key = `hunt:${search.id}`;
        return {
          key,
          group: 'Searches',
          label: search.name,
          detail: `Saved search · ${search.query} · ${timeWords(search.time)}${
            search.visibility === 'shared' ? ' · shared' : ''
          }`,
          searchText: `${search.name} ${search.description} ${search.query} saved search hunt`,
          run: (newTab) => {
            rememberEntry(key);
            workspace.navigate(huntPath(search.query, search.time), { newTab });
          },
        };
      }),
    [data, enabled],
  );
}
