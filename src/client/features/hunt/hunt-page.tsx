import './hunt.css';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { huntFields } from '../../../shared/hunt/fields';
import { fieldClause, withClause } from '../../../shared/hunt/query-text';
import type { HuntRow } from '../../../shared/schemas/hunt';
import { fetchHuntPage, huntHistogramQuery, huntKeys, savedHuntsQuery } from '../../api/hunt/hunt';
import { DataTable } from '../../components/data-table/data-table';
import type { ServerSource } from '../../components/data-table/data-table';
import { formatNumber } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { useFillHeight } from '../../components/use-fill-height';
import { huntColumns } from './hunt-columns';
import { HuntEventDialog } from './hunt-event-dialog';
import { HuntFacets } from './hunt-facets';
import type { PivotHow } from './hunt-facets';
import { HuntHistogram } from './hunt-histogram';
import { paramsOf, scopeFromParams } from './hunt-scope';
import type { HuntSpan } from './hunt-scope';
import { SaveHuntDialog } from './save-hunt-dialog';
import { SavedHuntsPanel } from './saved-hunts-panel';

const PAGE_SIZE = 200;

/**
 * Hunt (issue 28): a Lucene/KQL query over every event of everyone, with the time beside it,
 * a histogram whose bars narrow the time, facets with counts, and the events in a server-paged
 * grid whose rows open with their raw record. Every value pivots (search it, AND, NOT). The
 * URL holds the query and the time, so a link reproduces the hunt.
 */
export default function HuntPage() {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const scope = useMemo(() => scopeFromParams(params, now), [params, now]);
  const [draft, setDraft] = useState(scope.q);
  const [opened, setOpened] = useState<HuntRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [total, setTotal] = useState<{ total: number; lowerBound: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const tableFrame = useRef<HTMLDivElement>(null);
  const tableHeight = useFillHeight(tableFrame, 320);
  const saved = useQuery(savedHuntsQuery());
  // The histogram's query reports a query the server cannot read, with its sentence.
  const check = useQuery(huntHistogramQuery(scope));
  const problem = check.error instanceof Error ? check.error.message : null;

  const time = scope.last ? { last: scope.last } : { from: scope.from, to: scope.to };
  const go = useCallback(
    (q: string, next: { last: HuntSpan } | { from: number; to: number }) => {
      setDraft(q);
      setParams(paramsOf(q, next));
    },
    [setParams],
  );
  const pivot = useCallback(
    (field: string, value: string, how: PivotHow) => {
      const clause = fieldClause(field, value);
      setOpened(null);
      go(how === 'only' ? clause : withClause(scope.q, clause, how), time);
      input.current?.focus();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- time is derived from scope
    [go, scope],
  );

  const source = useMemo<ServerSource<HuntRow>>(
    () => ({
      key: huntKeys.events(scope),
      fetchPage: async ({ cursor, sort, signal }) => {
        const order = sort ? `${sort.desc ? '-' : ''}${sort.id}` : '-time';
        const page = await fetchHuntPage(scope, { cursor, sort: order, limit: PAGE_SIZE }, signal);
        if (!cursor) setTotal({ total: page.total, lowerBound: page.totalIsLowerBound });
        return { rows: page.rows, nextCursor: page.next, total: page.total };
      },
    }),
    [scope],
  );

  return (
    <div className="page hunt-page">
      <PageHeader
        title="Hunt"
        subtitle={
          <>
            Every event of everyone, by query
            {total ? ` · ${formatNumber(total.total)}${total.lowerBound ? '+' : ''} events` : null}
            {' · '}
            <span className="faint">/ focuses the query, Enter opens an event</span>
          </>
        }
        actions={
          <>
            <button type="button" className="button small" onClick={() => setHelpOpen((v) => !v)}>
              Fields
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => setSaving(true)}
              disabled={!scope.q}
            >
              Save search…
            </button>
          </>
        }
      />
      <form
        className="hunt-bar-form"
        onSubmit={(event) => {
          event.preventDefault();
          go(draft.trim(), time);
        }}
      >
        <input
          ref={input}
          data-search
          className="hunt-query mono"
          aria-label="Hunt query"
          placeholder='file.name:*forecast* AND NOT source:okta, "board deck", time:[2026-11-01 TO 2026-11-15]'
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <select
          aria-label="Time range"
          value={scope.last ?? 'range'}
          onChange={(e) => go(draft.trim(), { last: e.target.value as HuntSpan })}
        >
          <option value="24h">Last 24 hours</option>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
          <option value="90d">Last 90 days</option>
          {scope.last ? null : <option value="range">Chosen range</option>}
        </select>
        <button type="submit" className="button primary small">
          Hunt
        </button>
      </form>
      {problem ? (
        <p role="alert" className="hunt-problem">
          {problem}
        </p>
      ) : null}
      {helpOpen ? (
        <section className="hunt-help" aria-label="Query fields">
          <p>
            <code>field:value</code>, <code>&quot;a phrase&quot;</code>, <code>*</code> wildcards,
            ranges <code>[a TO b]</code>, <code>AND</code>, <code>OR</code>, <code>NOT</code>,
            parentheses; bare words search names, paths, subjects, recipients, commands and
            messages.
          </p>
          <table>
            <tbody>
              {huntFields.map((f) => (
                <tr key={f.name}>
                  <th scope="row" className="mono">
                    {f.name}
                  </th>
                  <td>{f.description}</td>
                  <td className="mono">{f.example}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <HuntHistogram scope={scope} onNarrow={(from, to) => go(scope.q, { from, to })} />
      <div className="hunt-body">
        <HuntFacets scope={scope} onPivot={pivot} />
        <div ref={tableFrame} className="hunt-table" style={{ height: tableHeight }}>
          <DataTable<HuntRow>
            label="Hunt results"
            columns={huntColumns}
            source={source}
            getRowId={(r) => r.id}
            height="fill"
            exportName="hunt"
            filterable={false}
            mainGrid
            onOpen={(row) => setOpened(row)}
            emptyMessage="No event matches this hunt in this time range."
          />
        </div>
      </div>
      <SavedHuntsPanel
        searches={saved.data?.searches ?? []}
        onOpen={(s) => go(s.query, 'last' in s.time ? { last: s.time.last } : s.time)}
      />
      {opened ? (
        <HuntEventDialog row={opened} onClose={() => setOpened(null)} onPivot={pivot} />
      ) : null}
      {saving ? (
        <SaveHuntDialog query={scope.q} time={time} onClose={() => setSaving(false)} />
      ) : null}
    </div>
  );
}
