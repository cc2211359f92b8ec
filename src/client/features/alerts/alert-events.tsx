import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { AlertDetail } from '../../../shared/schemas/alerts';
import { EVENT_PIN_PAGES } from '../../../shared/schemas/findings/pins';
import { eventPinTarget, setPinSource } from '../../state/pin-draft';
import { investigationQuery } from '../../api/investigations/get-investigation';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, DataTableHandle } from '../../components/data-table/data-table';
import { Dialog } from '../../components/dialog';
import { PinDialog } from '../../widgets/pin-dialog';
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

/** Why an alert's events cannot be pinned before it becomes a case. */
const NO_CASE_YET = 'This alert is not part of a case yet: open one with c, then pin its events.';

/**
 * The events behind an alert, oldest first; Enter or o on one shows its raw record, as its
 * source sent it, in a dialog (Escape goes back to the row); p pins it to the case the alert
 * became, through the one pin dialog (the server captures and hashes it).
 */
export function AlertEvents(props: { alert: AlertDetail }) {
  const { alert } = props;
  const [open, setOpen] = useState<AlertEvent | null>(null);
  const caseId = alert.investigationId;
  // Loaded so the pin command knows whether that case is closed before any dialog opens.
  useQuery({ ...investigationQuery(caseId ?? ''), enabled: Boolean(caseId) });
  const table = useRef<DataTableHandle<AlertEvent> | null>(null);
  const release = useRef<(() => void) | null>(null);
  const onFocus = useCallback(() => {
    release.current?.();
    release.current = setPinSource(() => {
      const event = table.current?.cursorRow();
      if (!event) return null;
      if (!caseId) return NO_CASE_YET;
      const label = `${formatDateTime(event.time)} · ${event.summary}`;
      return {
        investigationId: caseId,
        target: eventPinTarget({ id: event.id, summary: label }, EVENT_PIN_PAGES.alert),
      };
    });
  }, [caseId]);
  useEffect(() => () => release.current?.(), []);
  const more = alert.eventCount - alert.events.length;
  return (
    <section className="alert-events" aria-label="Events behind the alert" onFocus={onFocus}>
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
        tableRef={table}
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
      {caseId ? <PinDialog investigationId={caseId} page={EVENT_PIN_PAGES.alert} /> : null}
    </section>
  );
}
