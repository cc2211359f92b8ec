import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';
import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import type { Watchlist } from '../../../shared/schemas/watchlists';
import { useMe, usePermissions } from '../../api/auth/me';
import { useDetectionRules } from '../../api/detection/list-detection-rules';
import { useWatchlists } from '../../api/watchlists/list-watchlists';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatDate, isoDateTime } from '../../components/format';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Tooltip } from '../../components/tooltip';
import './detection.css';

const kindLabels: Record<Watchlist['kind'], string> = { derived: 'Derived', kept: 'Kept by hand' };

const columns: DataTableColumn<Watchlist>[] = [
  { id: 'name', header: 'Watchlist', value: (w) => w.name, width: 220, keyColumn: true },
  { id: 'kind', header: 'Kind', value: (w) => kindLabels[w.kind], width: 120 },
  {
    id: 'members',
    header: 'People',
    value: (w) => w.members,
    align: 'right',
    width: 80,
    keyColumn: true,
  },
  // No width: descriptions are long and take the room the other columns leave.
  { id: 'description', header: 'Description', value: (w) => w.description },
  {
    id: 'created',
    header: 'Created',
    value: (w) => w.createdAt ?? undefined,
    cell: (w) => (w.createdAt ? formatDate(w.createdAt) : <span className="muted">Built in</span>),
    exportText: (w) => (w.createdAt ? isoDateTime(w.createdAt) : ''),
    width: 110,
  },
];

/** The rules that look only at a list's people, and those whose severity it raises. */
function rulesOf(rules: readonly DetectionRule[], listId: string) {
  return {
    watching: rules.filter((rule) => rule.watchlist === listId),
    raising: rules.filter((rule) => rule.raiseOn?.watchlist === listId),
  };
}

function RuleLinks(props: { title: string; rules: readonly DetectionRule[] }) {
  if (props.rules.length === 0) return null;
  return (
    <div>
      <h3 className="rule-source-title">{props.title}</h3>
      <ul className="stack" style={{ margin: 0, paddingLeft: 18, gap: 4 }}>
        {props.rules.map((rule) => (
          <li key={rule.id}>
            <Link to={buildPath('detectionRules', {}, { rule: rule.id })}>{rule.title}</Link>
            {rule.enabled ? null : <span className="faint"> (disabled)</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One list beside the table: what it is for, and the rules it scopes or raises. */
function WatchlistDetail(props: {
  list: Watchlist;
  rules: readonly DetectionRule[];
  onClose: () => void;
}) {
  const { list } = props;
  const { watching, raising } = rulesOf(props.rules, list.id);
  return (
    <aside className="card rule-detail" aria-label={`Watchlist ${list.name}`}>
      <header>
        <h2>{list.name}</h2>
        <Tooltip content="Close">
          <button
            type="button"
            className="button ghost small"
            aria-label="Close watchlist"
            onClick={props.onClose}
          >
            ×
          </button>
        </Tooltip>
      </header>
      <div className="card-body stack">
        <p className="rule-description">{list.description || 'No description.'}</p>
        <dl className="dl">
          <dt>Kind</dt>
          <dd>
            {list.kind === 'derived'
              ? 'Derived from HR records and events, kept up to date by Vigil'
              : 'Kept by hand'}
          </dd>
          <dt>People</dt>
          <dd>{list.members}</dd>
        </dl>
        <RuleLinks title="Rules that watch only these people" rules={watching} />
        <RuleLinks title="Rules that raise their severity for these people" rules={raising} />
        {watching.length + raising.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            No rule uses this list yet.
          </p>
        ) : null}
      </div>
    </aside>
  );
}

/**
 * Watchlists: the people detection watches more closely. Three lists are derived (departing
 * employees, new hires, privileged users); admins keep others by hand. Enter or o shows a list
 * with the rules it scopes; New watchlist… (a button, and the palette) creates one.
 */
export default function WatchlistsPage() {
  const me = useMe();
  const permissions = usePermissions();
  if (me.isPending) return <Loading />;
  if (!mayOpenRoute('watchlists', permissions)) {
    return (
      <div className="page">
        <PageHeader title="Watchlists" />
        <EmptyState title="Watchlists are not open to your role">
          Watchlists name people detection watches more closely: they need the permissions to read
          every investigation and its evidence.
        </EmptyState>
      </div>
    );
  }
  return <WatchlistTable />;
}

function WatchlistTable() {
  const permissions = usePermissions();
  const lists = useWatchlists();
  const rules = useDetectionRules();
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = useMemo(() => lists.data?.watchlists ?? [], [lists.data]);
  const open = rows.find((list) => list.id === openId) ?? null;
  return (
    <div className="page detection-page">
      <PageHeader
        title="Watchlists"
        subtitle="People detection watches more closely: rules can look only at a list, or raise their severity for it"
        actions={
          <CommandButton
            className="button primary"
            disabledReason={
              permissions.has('configuration.manage')
                ? null
                : 'Your role does not include changing detection settings.'
            }
            onClick={() => void runCommand('watchlist.create', undefined, 'button')}
          >
            New watchlist…
          </CommandButton>
        }
      />
      {lists.isError ? (
        <div className="alert error" role="alert">
          The watchlists could not be loaded: {lists.error.message}
        </div>
      ) : null}
      <div className={open ? 'detection-body with-detail' : 'detection-body'}>
        <DataTable
          label="Watchlists"
          columns={columns}
          rows={rows}
          getRowId={(list) => list.id}
          loading={lists.isLoading}
          height="fill"
          exportName="watchlists"
          mainGrid
          selectedRowId={open?.id ?? null}
          onOpen={(list) => setOpenId(list.id)}
          emptyMessage="No watchlist yet."
        />
        {open ? (
          <WatchlistDetail
            key={open.id}
            list={open}
            rules={rules.data?.rules ?? []}
            onClose={() => setOpenId(null)}
          />
        ) : null}
      </div>
    </div>
  );
}
