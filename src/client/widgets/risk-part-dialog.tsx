import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { evidencePages } from '../../shared/findings/catalogue';
import type { EventRow } from '../../shared/schemas/findings/common';
import type { RiskPart } from '../../shared/schemas/risk';
import { useEventDetail } from '../api/findings/events';
import { fetchRiskPartEvents, riskPartEventsKey } from '../api/incidents/risk-part-events';
import { DataTable } from '../components/data-table/data-table';
import type { DataTableColumn, ServerSource } from '../components/data-table/data-table';
import { Dialog } from '../components/dialog';
import { EventRecordView } from '../components/event-record';
import { formatDateTime, formatNumber } from '../components/format';
import { Loading } from '../components/loading';
import { plural } from '../../shared/wording';

const columns: DataTableColumn<EventRow>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (e) => e.time,
    cell: (e) => formatDateTime(e.time),
    width: 170,
  },
  { id: 'summary', header: 'What happened', value: (e) => e.summary },
  { id: 'app', header: 'App', value: (e) => e.app, width: 140 },
  { id: 'outcome', header: 'Outcome', value: (e) => e.outcome, width: 90 },
];

/** One event's fields and raw record, as the source sent it. */
function EventRecord(props: { investigationId: string; eventId: string }) {
  const detail = useEventDetail(props.investigationId, props.eventId);
  if (detail.isPending) return <Loading label="Loading the event…" />;
  if (detail.isError) return <div className="alert error">{detail.error.message}</div>;
  const { event, fields, attributes, raw } = detail.data;
  return <EventRecordView event={event} fields={fields} attributes={attributes} raw={raw} />;
}

/**
 * The events behind a part, exactly those it counted (server-paged as you scroll, newest
 * first); j/k move, o or Enter opens one's raw record. Takes the keyboard when shown.
 */
function PartEvents(props: {
  investigationId: string;
  part: RiskPart;
  onOpen: (eventId: string) => void;
}) {
  const { investigationId, part } = props;
  const container = useRef<HTMLDivElement>(null);
  const source = useMemo<ServerSource<EventRow>>(
    () => ({
      key: riskPartEventsKey(investigationId, part.id),
      fetchPage: async ({ cursor, signal }) => {
        const page = await fetchRiskPartEvents(investigationId, part.id, { cursor }, signal);
        return {
          rows: page.rows,
          nextCursor: page.nextCursor,
          ...(page.total !== null ? { total: page.total } : {}),
        };
      },
    }),
    [investigationId, part.id],
  );
  useEffect(() => {
    // After the dialog has placed its own focus (its effect runs after this one).
    const timer = window.setTimeout(() => {
      container.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
    });
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div ref={container}>
      <DataTable<EventRow>
        label={`Events behind ${part.label}`}
        columns={columns}
        getRowId={(e) => e.id}
        source={source}
        filterable={false}
        height={360}
        exportName={`risk-${part.id}-events`}
        onOpen={(e) => props.onOpen(e.id)}
      />
    </div>
  );
}

/**
 * A part of the risk score opened: its sentence, the incidents it counted (each opens the
 * incident) and the events behind it, the very rows its count stands for, each opening its raw
 * record in place. Escape steps back from a record to the list, then closes.
 */
export function RiskPartDialog(props: {
  investigationId: string;
  part: RiskPart;
  onClose: () => void;
}) {
  const { part, investigationId } = props;
  const { evidence } = part;
  const [open, setOpen] = useState<string | null>(null);
  const base = `/app/investigations/${encodeURIComponent(investigationId)}`;
  return (
    <Dialog
      title={open ? 'Event' : `${part.label}: ${part.points.toFixed(1)} points`}
      wide
      onClose={open ? () => setOpen(null) : props.onClose}
    >
      {open ? (
        <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
          <button type="button" className="button small" onClick={() => setOpen(null)} autoFocus>
            ← Back to the events (Esc)
          </button>
          <EventRecord investigationId={investigationId} eventId={open} />
        </div>
      ) : (
        <div className="risk-part-dialog">
          <p>
            {part.sentence} <span className="faint">Weight ×{part.weight}.</span>
          </p>
          {evidence.incidents.length > 0 ? (
            <section aria-labelledby="risk-part-incidents">
              <h3 id="risk-part-incidents">{plural(evidence.incidents.length, 'incident')}</h3>
              <ul className="risk-evidence">
                {evidence.incidents.map((incident) => (
                  <li key={incident.id}>
                    <Link to={`${base}/incidents/${encodeURIComponent(incident.id)}`}>
                      {incident.title}
                    </Link>{' '}
                    <span className={`risk-severity severity-${incident.severity}`}>
                      {incident.severity}
                    </span>{' '}
                    <span className="faint">
                      · {incident.status} · {plural(incident.eventCount, 'event')}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {evidence.items.length > 0 ? (
            <ul className="risk-evidence risk-items" aria-label={`What ${part.label} counted`}>
              {evidence.items.map((item) => (
                <li key={item.label}>
                  {item.label} <span className="mono faint">{formatNumber(item.count)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <section aria-labelledby="risk-part-events">
            <h3 id="risk-part-events">
              {evidence.eventCount === 0
                ? 'No events behind this part'
                : `${plural(evidence.eventCount, 'event')} behind this part`}
            </h3>
            {evidence.eventCount > 0 ? (
              <PartEvents investigationId={investigationId} part={part} onOpen={setOpen} />
            ) : null}
          </section>
          {evidence.page ? (
            <Link className="risk-evidence-link" to={`${base}/evidence-locker/${evidence.page}`}>
              Open {evidencePages[evidence.page].title}
            </Link>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
