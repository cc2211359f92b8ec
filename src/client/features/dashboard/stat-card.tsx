import type { UseQueryResult } from '@tanstack/react-query';

import { formatNumber } from '../../components/format';

/** One figure: its label and value, or a dash while loading and a note on failure. */
export function StatCard(props: {
  label: string;
  query: UseQueryResult<{ count: number }>;
  tone?: 'danger';
}) {
  const { data, isError } = props.query;
  return (
    <div className="card stat">
      <div className="stat-label">{props.label}</div>
      <div
        className="stat-value"
        style={props.tone === 'danger' && data?.count ? { color: 'var(--danger)' } : undefined}
      >
        {isError ? (
          <span className="muted" style={{ fontSize: 13 }}>
            Unavailable
          </span>
        ) : data ? (
          formatNumber(data.count)
        ) : (
          '—'
        )}
      </div>
    </div>
  );
}
