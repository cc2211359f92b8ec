import { useEffect, useMemo, useState } from 'react';

import type { EventSearchHit } from '../../shared/schemas/search';
import { isEventSearchable, useEventSearch } from '../api/search/search-events';
import { formatDate } from '../components/format';
import { workspace } from '../workspace/workspace-controller';
import type { PaletteEntry } from './palette-entry';

/** Searching events reads the subject's events of every case: ask once the typing pauses. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Where an event opens: its case's evidence locker with the event's record in a dialog. */
export function eventLocation(hit: EventSearchHit): string {
  const id = encodeURIComponent(hit.investigation.id);
  return `/app/investigations/${id}/evidence-locker?event=${encodeURIComponent(hit.event.id)}`;
}

function entryOf(hit: EventSearchHit): PaletteEntry {
  const { investigation, event } = hit;
  return {
    key: `evt:${investigation.id}:${event.id}`,
    group: 'Events',
    label: event.summary,
    detail: `in case “${investigation.title}” · ${formatDate(event.time)}`,
    searchText: `${event.summary} ${investigation.title} ${investigation.subject.fullName}`,
    run: (newTab) => workspace.navigate(eventLocation(hit), { newTab }),
  };
}

/** What the palette shows of an event search. */
export interface EventSearchEntries {
  entries: PaletteEntry[];
  /** A page is on its way (the first, or one more). */
  loading: boolean;
  /** More may be found: the search has not reached the end of every case. */
  hasMore: boolean;
  /** Asks for the next page unless one is on its way or there is none. */
  loadMore: () => void;
}

/**
 * Events of the cases the user may see whose text holds the query (a mail domain, a file name),
 * searched on the server page by page, for the general search. Nothing below two characters.
 */
export function useEventSearchEntries(query: string, enabled: boolean): EventSearchEntries {
  const q = useDebounced(query.trim(), DEBOUNCE_MS);
  const wanted = enabled && isEventSearchable(q);
  const search = useEventSearch(q, wanted);
  const { data, hasNextPage, isFetching, fetchNextPage } = search;
  const entries = useMemo(
    () => (wanted ? (data?.pages ?? []).flatMap((page) => page.hits.map(entryOf)) : []),
    [data, wanted],
  );
  return {
    entries,
    loading: wanted && isFetching,
    hasMore: wanted && hasNextPage,
    loadMore: () => {
      if (wanted && hasNextPage && !isFetching) void fetchNextPage();
    },
  };
}
