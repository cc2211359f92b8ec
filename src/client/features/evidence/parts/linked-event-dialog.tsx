import { useSearchParams } from 'react-router-dom';

import { EventDialog } from './event-dialog';

/**
 * The event a link names (`?event=<id>`, as the palette's event search opens one), shown in the
 * event dialog over the evidence locker; closing it takes the parameter away.
 */
export function LinkedEventDialog(props: { investigationId: string }) {
  const [params, setParams] = useSearchParams();
  const eventId = params.get('event');
  if (!eventId) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('event');
        return next;
      },
      { replace: true },
    );
  return <EventDialog investigationId={props.investigationId} eventId={eventId} onClose={close} />;
}
