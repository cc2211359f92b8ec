import { useState } from 'react';

import type { AlertDetail } from '../../../shared/schemas/alerts';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { Dialog } from '../../components/dialog';
import { EventRecordView, eventRowFields } from '../../components/event-record';
import { formatDateTime, isoDateTime } from '../../components/format';

type AlertEvent = AlertDetail['events'][number];

const columns: DataTableColumn<AlertEvent>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (e) => e.time,
    cell: (e) => formatDateTime(e.time),
    exportText: (e) => isoDateTime(e.time),
    width: 170,
  },
  { id: 'summary', header: 'What happened', value: (e) => e.summary, keyColumn: true },
  { id: 'source', header: 'Source', value: (e) => e.source, width: 130 },
  { id: 'app', header: 'App', value: (e) => e.app, width: 140 },
  { id: 'target', header: 'Target', value: (e) => e.target, width: 160, hiddenByDefault: true },
  { id: 'label', header: 'Label', value: (e) => e.fileLabel, width: 120, hiddenByDefault: true },
  { id: 'outcome', header: 'Outcome', value: (e) => e.outcome, width: 90 },
];

/**
 * The events behind an alert, oldest first; Enter or o on one shows its raw record, as its
 * source sent it, in a dialog (Escape goes back to the row).
 */
export function AlertEvents(props: { alert: AlertDetail }) {
  const { alert } = props;
  const [open, setOpen] = useState<AlertEvent | null>(null);
  const more = alert.eventCount - alert.events.length;
  return (
    <section className="alert-events" aria-label="Events behind the alert">
      <h2>Events</h2>
      {alert.eventsTruncated ? (
        <p className="muted">
          The first {alert.events.length.toLocaleString('en-US')} of{' '}
          {alert.eventCount.toLocaleString('en-US')} events
          {more > 0 ? `; ${more.toLocaleString('en-US')} more are not shown here` : ''}.
        </p>
      ) : null}
      <DataTable
        label="Events of the alert"
        columns={columns}
        rows={alert.events}
        getRowId={(e) => e.id}
        height={Math.min(520, Math.max(160, 90 + alert.events.length * 28))}
        exportName={`alert-${alert.id}-events`}
        initialSort={{ id: 'time', desc: false }}
        mainGrid
        onOpen={(event) => setOpen(event)}
        emptyMessage="The alert’s events are no longer stored (past the retention period)."
      />
      {open ? (
        <Dialog title="Event" wide onClose={() => setOpen(null)}>
          <EventRecordView event={open} fields={eventRowFields(open)} raw={open.raw} />
        </Dialog>
      ) : null}
    </section>
  );
}
