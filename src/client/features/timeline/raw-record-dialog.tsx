import { useEventDetail } from '../../api/findings/events';
import { Dialog } from '../../components/dialog';
import { EventRecordView } from '../../components/event-record';
import { Loading } from '../../components/loading';

/** One event of the timeline opened: its normalized fields, attributes and raw record. */
export function RawRecordDialog(props: {
  investigationId: string;
  eventId: string;
  onClose: () => void;
}) {
  const detail = useEventDetail(props.investigationId, props.eventId);
  return (
    <Dialog title="Event" wide onClose={props.onClose}>
      {detail.isPending ? (
        <Loading label="Loading the event…" />
      ) : detail.isError ? (
        <div className="alert error">{detail.error.message}</div>
      ) : (
        <EventRecordView
          event={detail.data.event}
          fields={detail.data.fields}
          attributes={detail.data.attributes}
          raw={detail.data.raw}
        />
      )}
    </Dialog>
  );
}
