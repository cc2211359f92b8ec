import './event-record.css';

import { eventRowSchema } from '../../shared/schemas/findings/common';
import type { EventRow } from '../../shared/schemas/findings/common';
import { formatDateTime } from './format';
import { formatEventField } from './timeline/event-fields';

/** A normalized field's value as an event reply carries it. */
export type EventFieldValue = string | number | boolean | null;

/** The normalized columns of an event reply, in its schema's order: all but its id and sentence. */
const ROW_FIELDS = Object.keys(eventRowSchema.shape).filter(
  (name): name is Exclude<keyof EventRow, 'id' | 'summary'> => name !== 'id' && name !== 'summary',
);

/**
 * The normalized columns of an event row, as fields (when the reply has no field list of its
 * own); whatever else the row carries (its raw record) is left out.
 */
export function eventRowFields(event: EventRow): Record<string, EventFieldValue> {
  return Object.fromEntries(ROW_FIELDS.map((name) => [name, event[name]]));
}

/**
 * One event as its source recorded it: its line, its normalized fields (moments with their
 * zone), any attributes, and the raw record exactly as the source sent it. Shared by the
 * evidence pages (which fetch it) and the alert screen (whose reply carries it).
 */
export function EventRecordView(props: {
  event: EventRow;
  fields: Readonly<Record<string, EventFieldValue>>;
  attributes?: unknown;
  raw: unknown;
}) {
  const { event } = props;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div>
        <strong>{event.summary}</strong>
        <div className="muted">
          {formatDateTime(event.time)} · {event.source} · {event.category}/{event.activity}
        </div>
      </div>
      <dl className="dl">
        {Object.entries(props.fields)
          .filter(([, v]) => v !== null && v !== '')
          .map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd className="mono">{formatEventField(k, v!)}</dd>
            </div>
          ))}
      </dl>
      {props.attributes !== undefined ? (
        <details>
          <summary>Attributes</summary>
          <pre className="event-record-raw" tabIndex={0}>
            {JSON.stringify(props.attributes, null, 2)}
          </pre>
        </details>
      ) : null}
      <details open>
        <summary>Raw record</summary>
        <pre className="event-record-raw" tabIndex={0} aria-label="Raw record">
          {JSON.stringify(props.raw, null, 2)}
        </pre>
      </details>
    </div>
  );
}
