import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

/** One sort: a column id and its direction. */
export interface SortSpec {
  id: string;
  desc: boolean;
}

/** One page of a server-backed list. */
export interface ServerPage<T> {
  rows: T[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** How many rows match in all, when the server knows it cheaply. */
  total?: number;
}

/** What DataTable asks a server-backed list for. */
export interface FetchPageArgs {
  cursor: string | null;
  sort: SortSpec | null;
  filter: string;
  signal: AbortSignal;
}

/**
 * Server mode for event-scale lists: pages are fetched as the user scrolls (cursor paging);
 * sort and filter go to the server.
 */
export interface ServerSource<T> {
  /** Part of the query key: changes refetch from the first page. */
  key: readonly unknown[];
  fetchPage(args: FetchPageArgs): Promise<ServerPage<T>>;
}

/** The loaded part of a server-backed list, and what is happening to it. */
export interface ServerRows<T> {
  rows: T[];
  total: number | undefined;
  hasMore: boolean;
  /** The first page of the current sort and filter is on its way. */
  loadingFirst: boolean;
  loadingMore: boolean;
  error: Error | null;
  fetchMore: () => void;
  retry: () => void;
}

const NO_ROWS: never[] = [];

/**
 * Pages of a server-backed list for one sort and filter. The query key starts with the
 * source's key, so invalidating that key (after an ingest, say) reloads the table. The previous
 * result stays on screen while a new sort or filter loads, instead of flashing empty.
 */
export function useServerRows<T>(
  source: ServerSource<T>,
  sort: SortSpec | null,
  filter: string,
): ServerRows<T> {
  const query = useInfiniteQuery({
    queryKey: [...source.key, 'data-table', { sort, filter }],
    queryFn: ({ pageParam, signal }) =>
      source.fetchPage({ cursor: pageParam, sort, filter, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const { data, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage, refetch } =
    query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.rows) ?? NO_ROWS, [data]);
  const failedNextPage = query.isFetchNextPageError;
  const fetchMore = useCallback(() => {
    // Placeholder pages belong to the previous sort or filter: their cursor means nothing now.
    // After a failed page only the Retry button asks again, so scrolling cannot loop on errors.
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData && !failedNextPage) {
      void fetchNextPage({ cancelRefetch: false });
    }
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, failedNextPage, fetchNextPage]);
  const retry = useCallback(() => {
    if (failedNextPage) void fetchNextPage();
    else void refetch();
  }, [failedNextPage, fetchNextPage, refetch]);
  const pages = data?.pages;
  return {
    rows,
    total: pages?.[pages.length - 1]?.total ?? pages?.[0]?.total,
    hasMore: hasNextPage,
    loadingFirst: query.isPending || isPlaceholderData,
    loadingMore: isFetchingNextPage,
    error: query.error,
    fetchMore,
    retry,
  };
}
