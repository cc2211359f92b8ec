import type { UseQueryResult } from '@tanstack/react-query';

import type { ListInvestigationsReply } from '../../../shared/schemas/investigations';
import { RiskBadge, StatusBadge } from '../../components/badges';
import { formatRelative } from '../../components/format';
import { Loading } from '../../components/loading';
import { workspace } from '../../workspace/workspace-controller';

/** A short list of cases that open on click (Ctrl/⌘-click: in a new tab). */
export function InvestigationShortList(props: {
  title: string;
  query: UseQueryResult<ListInvestigationsReply>;
  empty: string;
}) {
  const items = props.query.data?.investigations ?? [];
  return (
    <section className="card">
      <header>
        <h2>{props.title}</h2>
      </header>
      <div className="card-body" style={{ display: 'grid', gap: 2 }}>
        {props.query.isLoading ? <Loading /> : null}
        {!props.query.isLoading && items.length === 0 ? (
          <div className="muted">{props.empty}</div>
        ) : null}
        {items.map((item) => (
          <a
            key={item.id}
            href={`/app/investigations/${item.id}`}
            className="sidebar-link"
            style={{ height: 'auto', padding: '6px 8px' }}
            onClick={(event) => {
              event.preventDefault();
              workspace.navigate(`/app/investigations/${item.id}`, {
                newTab: event.ctrlKey || event.metaKey,
              });
            }}
          >
            <span style={{ display: 'grid' }}>
              <span style={{ color: 'var(--text)' }}>{item.title}</span>
              <span className="faint">
                {item.subject.fullName} · updated {formatRelative(item.updatedAt)}
              </span>
            </span>
            <span style={{ display: 'flex', gap: 4 }}>
              <StatusBadge status={item.status} />
              <RiskBadge level={item.riskLevel} />
            </span>
          </a>
        ))}
      </div>
    </section>
  );
}
