import './hunt.css';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { pivotQuery } from '../../../shared/hunt/query-text';
import type { PivotHow } from '../../../shared/hunt/query-text';
import { isHuntFieldColumn, pivotValueAt } from '../../../shared/hunt/row-fields';
import type { HuntRow } from '../../../shared/schemas/hunt';
import { plural } from '../../../shared/wording';
import { eventPinTarget, pinDraftAtom } from '../../state/pin-draft';
import { fetchHuntPage, huntHistogramQuery, huntKeys, savedHuntsQuery } from '../../api/hunt/hunt';
import { setHuntTarget, takeQueryFocus } from '../../commands/hunt/hunt-target';
import type { HuntTarget } from '../../commands/hunt/hunt-target';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle, ServerSource } from '../../components/data-table/data-table';
import { PageHeader } from '../../components/page-header';
import { PinDialog } from '../../widgets/pin-dialog';
import { useFillHeight } from '../../components/use-fill-height';
import { KeyHint } from '../../keymap/key-hint';
import { appStore } from '../../state/store';
import { huntColumns } from './hunt-columns';
import { HuntEventDialog } from './hunt-event-dialog';
import { HuntFacets } from './hunt-facets';
import { HuntFieldsDialog } from './hunt-fields-dialog';
import { HuntHistogram } from './hunt-histogram';
import { huntSearch } from '../../../shared/hunt/hunt-link';
import { scopeFromParams } from './hunt-scope';
import type { HuntSpan } from './hunt-scope';
import { SaveHuntDialog } from './save-hunt-dialog';
import { SavedHuntsPanel } from './saved-hunts-panel';

const PAGE_SIZE = 200;

/**
 * Hunt (issue 28): a Lucene/KQL query over every event of everyone, with the time beside it,
 * a histogram whose bars narrow the time, facets with counts, and the events in a server-paged
 * grid whose rows open with their raw record. Every value pivots (search it, AND, NOT): a
 * facet's, an opened event's, and the one under the grid's cell cursor (s, a, n); an event
 * pins to a case about its person (p), whose timeline, alerts and a new case are shift+p. `?` lists the fields. The URL holds the query and
 * the time, so a link (or a saved search in the palette) reproduces the hunt.
 */
export default function HuntPage() {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const scope = useMemo(() => scopeFromParams(params, now), [params, now]);
  const [draft, setDraft] = useState(scope.q);
  const [opened, setOpened] = useState<HuntRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pinCase, setPinCase] = useState<string | null>(null);
  const [total, setTotal] = useState<{ total: number; lowerBound: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const table = useRef<DataTableHandle<HuntRow> | null>(null);
  const pinDraft = useAtomValue(pinDraftAtom);
  // The pin dialog closed (pinned or not): the keys go back to the results it was opened from,
  // as the palette that chose the case is gone and took the focus with it.
  useEffect(() => {
    if (pinCase === null || pinDraft !== null) return;
    setPinCase(null);
    tableFrame.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  }, [pinCase, pinDraft]);
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
      setParams(new URLSearchParams(huntSearch(q, next)));
    },
    [setParams],
  );
  const pivot = useCallback(
    (field: string, value: string, how: PivotHow) => {
      setOpened(null);
      go(pivotQuery(scope.q, field, value, how), time);
      input.current?.focus();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- time is derived from scope
    [go, scope],
  );

  // What the hunt commands (p, ?, Hunt…) act on, read afresh on every call.
  const latest = useRef<HuntTarget | null>(null);
  useLayoutEffect(() => {
    latest.current = {
      event: () => opened ?? table.current?.cursorRow() ?? null,
      cellValue: () => {
        const row = table.current?.cursorRow();
        return row ? pivotValueAt(row, table.current?.cursorColumn() ?? null) : null;
      },
      pivot,
      focusQuery: () => {
        input.current?.focus();
        input.current?.select();
      },
      showFields: () => setHelpOpen(true),
      pin: (investigationId, event) => {
        setOpened(null);
        appStore.set(pinDraftAtom, {
          investigationId,
          target: eventPinTarget({ id: event.id, summary: event.summary }, null),
        });
        setPinCase(investigationId);
      },
    };
  });
  useEffect(
    () =>
      setHuntTarget({
        event: () => latest.current?.event() ?? null,
        cellValue: () => latest.current?.cellValue() ?? null,
        pivot: (field, value, how) => latest.current?.pivot(field, value, how),
        focusQuery: () => latest.current?.focusQuery(),
        showFields: () => latest.current?.showFields(),
        pin: (investigationId, event) => latest.current?.pin(investigationId, event),
      }),
    [],
  );
  // Hunt… from the palette: the caret waits in the query box.
  useEffect(() => {
    if (!takeQueryFocus()) return;
    const timer = setTimeout(() => latest.current?.focusQuery(), 0);
    return () => clearTimeout(timer);
  }, []);

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
            {total
              ? ` · ${plural(total.total, 'event').replace(' ', total.lowerBound ? '+ ' : ' ')}`
              : null}
            {' · '}
            <span className="faint">
              / focuses the query, Enter opens an event, ? lists the fields and keys
            </span>
          </>
        }
        actions={
          <>
            <button type="button" className="button small" onClick={() => setHelpOpen(true)}>
              Fields <KeyHint commandId="hunt.fields" />
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
            cellCursor
            cellCursorStartsOn={isHuntFieldColumn}
            tableRef={table}
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
      {helpOpen ? <HuntFieldsDialog onClose={() => setHelpOpen(false)} /> : null}
      {pinCase ? <PinDialog investigationId={pinCase} /> : null}
      {saving ? (
        <SaveHuntDialog query={scope.q} time={time} onClose={() => setSaving(false)} />
      ) : null}
    </div>
  );
}
