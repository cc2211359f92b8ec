import './timeline.css';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

import type { EventRow } from '../../../shared/schemas/findings/common';
import { EVENT_PIN_PAGES } from '../../../shared/schemas/findings/pins';
import { eventPinTarget, setPinSource } from '../../state/pin-draft';
import { findingKeys } from '../../api/findings/keys';
import { queryClient } from '../../api/query-client';
import { cursorAt, fetchTimeline, timelineFacetsQuery } from '../../api/timeline/subject-timeline';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle, ServerSource } from '../../components/data-table/data-table';
import { formatDate, formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { PinDialog } from '../../widgets/pin-dialog';
import { setActiveSubjectTimeline } from '../../components/timeline/subject-timeline-controller';
import { useFillHeight } from '../../components/use-fill-height';
import { RawRecordDialog } from './raw-record-dialog';
import { timelineColumns } from './timeline-columns';
import { TimelineFilterBar } from './timeline-filter-bar';
import { describeFilter, viewFrom, withParam } from './timeline-filters';

/** Events per page; the next page is fetched as the cursor nears the end of the loaded rows. */
const PAGE_SIZE = 200;
/** A time after every event: the cursor that starts a newest-first list at its newest. */
const FAR_FUTURE = 9_000_000_000_000_000;

/**
 * Every event of the subject in the case's window, across sources, oldest first: server-paged
 * and virtualized, filtered by source, activity and label (f), started at a date (d), each row
 * opening to its raw record (Enter or o). The filters live in the URL, so the figures of the
 * overview and the evidence pages open it on exactly the events they count.
 */
export default function SubjectTimelinePage() {
  const { id } = useParams<{ id: string }>();
  if (!id) throw new Error('investigationId is required');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFrom(params), [params]);
  const facets = useQuery(timelineFacetsQuery(id, view.filter));
  const [opened, setOpened] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const sourceRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const tableFrame = useRef<HTMLDivElement>(null);
  const tableHeight = useFillHeight(tableFrame, 360);
  const table = useRef<DataTableHandle<EventRow> | null>(null);

  // While the timeline has the focus, `p` pins the event under its cursor (the server captures
  // and hashes it as for any other pin).
  const release = useRef<(() => void) | null>(null);
  const onFocus = useCallback(() => {
    release.current?.();
    release.current = setPinSource(() => {
      const event = table.current?.cursorRow();
      if (!event) return null;
      const label = `${formatDateTime(event.time)} · ${event.summary}`;
      return {
        investigationId: id,
        target: eventPinTarget({ id: event.id, summary: label }, EVENT_PIN_PAGES.timeline),
      };
    });
  }, [id]);
  useEffect(() => () => release.current?.(), []);

  const toRows = useCallback(() => {
    frame.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  }, []);
  useEffect(
    () =>
      setActiveSubjectTimeline({
        openFilters: () => sourceRef.current?.focus(),
        jumpToDate: () => {
          dateRef.current?.focus();
          dateRef.current?.select();
        },
      }),
    [],
  );

  const source = useMemo<ServerSource<EventRow>>(
    () => ({
      key: findingKeys.finding(id, 'timeline', { ...view.filter, at: view.at }),
      fetchPage: async ({ cursor, sort, signal }) => {
        const desc = sort?.id === 'time' && sort.desc;
        // Every page is asked for with a cursor, the first one's at the start (or the date
        // jumped to): the server then skips the total and facets, which the header's query
        // already has (one request instead of two counting the same range).
        const start = cursorAt(view.at ?? (desc ? FAR_FUTURE : 0));
        const [page, facets] = await Promise.all([
          fetchTimeline(
            id,
            {
              ...view.filter,
              sort: desc ? '-time' : 'time',
              cursor: cursor ?? start,
              limit: PAGE_SIZE,
            },
            signal,
          ),
          cursor === null && view.at === null
            ? queryClient.ensureQueryData(timelineFacetsQuery(id, view.filter))
            : null,
        ]);
        const total = facets?.total ?? null;
        return {
          rows: page.rows,
          nextCursor: page.nextCursor,
          ...(total !== null ? { total } : {}),
        };
      },
    }),
    [id, view],
  );

  const change = (name: string, value: string) =>
    setParams(withParam(params, name, value), { replace: true });
  const described = describeFilter(view.filter, facets.data?.timezone);
  const total = facets.data?.total;
  const range = facets.data?.range;

  return (
    <div className="page timeline-page" ref={frame}>
      <PageHeader
        title="Subject timeline"
        subtitle={
          <>
            {total === undefined
              ? 'Every event of the subject in the case window'
              : total === null
                ? 'Events of the subject (too many to count with these filters)'
                : `${total.toLocaleString('en-US')} ${total === 1 ? 'event' : 'events'}`}
            {range ? ` from ${formatDate(range.start)} to ${formatDate(range.end - 1)}` : null}
            {described.length ? ` · ${described.join(' · ')}` : null}
            {view.at !== null ? ` · from ${view.atText} on` : null}
            {' · '}
            <span className="faint">f filters, d jumps to a date, Enter opens the raw record</span>
          </>
        }
        actions={
          params.size > 0 ? (
            <button
              type="button"
              className="button small"
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              Clear filters
            </button>
          ) : null
        }
      />
      {facets.isError ? <div className="alert error">{facets.error.message}</div> : null}
      <div
        ref={tableFrame}
        className="timeline-table"
        style={{ height: tableHeight }}
        onFocus={onFocus}
      >
        <DataTable<EventRow>
          label="Subject timeline"
          tableRef={table}
          columns={timelineColumns}
          source={source}
          getRowId={(e) => e.id}
          initialSort={{ id: 'time', desc: false }}
          height="fill"
          exportName="subject-timeline"
          filterable={false}
          mainGrid
          onOpen={(e) => setOpened(e.id)}
          emptyMessage={
            view.at !== null
              ? `No event of the subject matches these filters from ${view.atText} on.`
              : 'No event of the subject in the window matches these filters.'
          }
          toolbarExtra={
            <TimelineFilterBar
              view={view}
              facets={facets.data?.facets}
              onChange={change}
              onDone={toRows}
              sourceRef={sourceRef}
              dateRef={dateRef}
            />
          }
        />
      </div>
      {opened ? (
        <RawRecordDialog investigationId={id} eventId={opened} onClose={() => setOpened(null)} />
      ) : null}
      <PinDialog investigationId={id} page={EVENT_PIN_PAGES.timeline} />
    </div>
  );
}
