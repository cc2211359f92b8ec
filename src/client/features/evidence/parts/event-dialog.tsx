import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';

import type { EventRow } from '../../../../shared/schemas/findings/common';
import type { EventListFilter } from '../../../api/findings/events';
import { fetchEvents, useEventDetail } from '../../../api/findings/events';
import { findingKeys } from '../../../api/findings/keys';
import { eventPinTarget } from '../../../state/pin-draft';
import type { DataTableColumn, ServerSource } from '../../../components/data-table/data-table';
import { Dialog } from '../../../components/dialog';
import { EventRecordView } from '../../../components/event-record';
import { formatDateTime } from '../../../components/format';
import { Loading } from '../../../components/loading';
import { FindingTable } from './finding-table';

/** The columns of an event list. */
export const eventColumns: DataTableColumn<EventRow>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (e) => e.time,
    cell: (e) => formatDateTime(e.time),
    width: 170,
  },
  { id: 'summary', header: 'What happened', value: (e) => e.summary },
  { id: 'app', header: 'App', value: (e) => e.app, width: 140 },
  { id: 'label', header: 'Label', value: (e) => e.fileLabel, width: 130, hiddenByDefault: true },
  { id: 'outcome', header: 'Outcome', value: (e) => e.outcome, width: 90 },
];

/**
 * The event columns with times in a given zone (the subject's, for a drill-down from a day of
 * theirs), which the Time header names.
 */
export function eventColumnsIn(timeZone: string): DataTableColumn<EventRow>[] {
  const format = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return eventColumns.map((column) =>
    column.id === 'time'
      ? { ...column, header: `Time (${timeZone})`, cell: (e) => format.format(e.time), width: 250 }
      : column,
  );
}

/** The events of one UTC day (`YYYY-MM-DD`), optionally of one category. */
export function dayFilter(date: string, category?: string): EventListFilter {
  const from = Date.parse(`${date}T00:00:00Z`);
  return { from, to: from + 86_400_000, ...(category ? { category } : {}) };
}

/** How an event is pinned: by its id (the table adds the evidence page it is on). */
export const pinEvent = (e: EventRow) => eventPinTarget(e, null);

/** One event: its normalized fields, attributes and the raw record as the source sent it. */
function EventRecord(props: { investigationId: string; eventId: string }) {
  const detail = useEventDetail(props.investigationId, props.eventId);
  if (detail.isPending) return <Loading label="Loading the event…" />;
  if (detail.isError) return <div className="alert error">{detail.error.message}</div>;
  const { event, fields, attributes, raw } = detail.data;
  return <EventRecordView event={event} fields={fields} attributes={attributes} raw={raw} />;
}

/** A dialog showing one event's raw record. */
export function EventDialog(props: {
  investigationId: string;
  eventId: string;
  onClose: () => void;
}) {
  return (
    <Dialog title="Event" wide onClose={props.onClose}>
      <EventRecord investigationId={props.investigationId} eventId={props.eventId} />
    </Dialog>
  );
}

/**
 * A drill-down dialog: a list of events, and in the same dialog the raw record of the one
 * opened (o or Enter). Escape steps back from the record to the list, then closes; focus then
 * returns to the row the investigator came from.
 */
export function DrillDialog(props: {
  investigationId: string;
  title: string;
  onClose: () => void;
  /** The list; `open` shows an event's raw record in its place. */
  children: (open: (eventId: string) => void) => ReactNode;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Dialog
      title={open ? 'Event' : props.title}
      wide
      onClose={open ? () => setOpen(null) : props.onClose}
    >
      {open ? (
        <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
          <button type="button" className="button small" onClick={() => setOpen(null)} autoFocus>
            ← Back to the events (Esc)
          </button>
          <EventRecord investigationId={props.investigationId} eventId={open} />
        </div>
      ) : (
        props.children(setOpen)
      )}
    </Dialog>
  );
}

/**
 * The drill-down from an aggregate: the subject's events behind it (server-paged as you
 * scroll), and from any of them (o) its raw record.
 */
export function EventsDialog(props: {
  investigationId: string;
  title: string;
  filter: EventListFilter;
  /** Shows times in this zone instead of the reader's. */
  timeZone?: string;
  onClose: () => void;
}) {
  const { investigationId, filter, timeZone } = props;
  const columns = useMemo(() => (timeZone ? eventColumnsIn(timeZone) : eventColumns), [timeZone]);
  const source = useMemo<ServerSource<EventRow>>(
    () => ({
      key: [...findingKeys.finding(investigationId, 'events', { ...filter })],
      fetchPage: async ({ cursor, sort, filter: text, signal }) => {
        const page = await fetchEvents(
          investigationId,
          {
            ...filter,
            q: text || filter.q,
            cursor,
            sort: sort?.id === 'time' && !sort.desc ? 'time' : '-time',
            limit: 200,
          },
          signal,
        );
        return {
          rows: page.rows,
          nextCursor: page.nextCursor,
          ...(page.total !== null ? { total: page.total } : {}),
        };
      },
    }),
    [investigationId, filter],
  );
  return (
    <DrillDialog investigationId={investigationId} title={props.title} onClose={props.onClose}>
      {(open) => (
        <FindingTable<EventRow>
          investigationId={investigationId}
          label={props.title}
          columns={columns}
          getRowId={(e) => e.id}
          source={source}
          pin={pinEvent}
          onOpen={(e) => open(e.id)}
          height={440}
          autoFocus
        />
      )}
    </DrillDialog>
  );
}
