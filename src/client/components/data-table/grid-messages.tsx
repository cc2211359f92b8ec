import type { ReactNode } from 'react';

import type { ServerRows } from './server-source';

function Retry(props: { onRetry: () => void }) {
  return (
    <button type="button" className="button small" onClick={props.onRetry}>
      Retry
    </button>
  );
}

/**
 * What the grid body says instead of rows: the server's error, loading, no match for the
 * filter, or the page's own empty message. Null when there are rows to show.
 */
export function bodyMessage(input: {
  label: string;
  shownRows: number;
  loading: boolean | undefined;
  server: ServerRows<unknown> | null;
  filterText: string;
  emptyMessage: ReactNode;
}): ReactNode {
  if (input.shownRows > 0) return null;
  const { server } = input;
  if (server?.error) {
    return (
      <>
        Could not load {input.label}: {server.error.message} <Retry onRetry={server.retry} />
      </>
    );
  }
  if (input.loading || server?.loadingFirst) return 'Loading…';
  const filter = input.filterText.trim();
  if (filter) return `No rows match “${filter}”.`;
  return input.emptyMessage ?? 'No rows.';
}

/** The status line over the grid's corner: loading more, a failed page, or a notice. */
export function statusMessage(
  server: ServerRows<unknown> | null,
  shownRows: number,
  notice: string | null,
): ReactNode {
  if (server?.loadingMore) return 'Loading more…';
  if (server?.error && shownRows > 0) {
    return (
      <>
        Could not load more rows. <Retry onRetry={server.retry} />
      </>
    );
  }
  return notice;
}
