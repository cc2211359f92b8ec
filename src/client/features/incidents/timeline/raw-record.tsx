import { useEventDetail } from '../../../api/findings/events';
import { formatEventField } from '../../../components/timeline/event-fields';

/** An event's every field (moments with their zone) and its raw record as the source sent it. */
export function RawRecord(props: { investigationId: string; eventId: string }) {
  const detail = useEventDetail(props.investigationId, props.eventId);
  if (detail.isLoading) return <div className="muted raw-record">Loading the raw record…</div>;
  if (detail.isError)
    return (
      <div className="alert error raw-record">
        The raw record could not be loaded: {detail.error.message}
      </div>
    );
  const data = detail.data!;
  const fields = Object.entries(data.fields).filter(([, value]) => value !== null && value !== '');
  return (
    <div className="raw-record">
      <dl className="dl raw-fields">
        {fields.map(([name, value]) => (
          <div key={name} className="raw-field">
            <dt className="mono">{name}</dt>
            <dd className="mono">{formatEventField(name, value!)}</dd>
          </div>
        ))}
      </dl>
      <pre className="mono raw-json" aria-label="Raw record">
        {JSON.stringify(data.raw, null, 2)}
      </pre>
    </div>
  );
}
