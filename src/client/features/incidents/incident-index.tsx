import { useEffect, useLayoutEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';

import type { TimelineEvent } from '../../../shared/schemas/incidents';
import { eventPinTarget, setPinSource } from '../../state/pin-draft';
import { useIncident } from '../../api/incidents/get-incident';
import { NoDataYet } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { PinDialog } from '../../widgets/pin-dialog';
import { setActiveTimeline } from '../../components/timeline/timeline-controller';
import { TimelineAxis } from './timeline/timeline-axis';
import { TimelineList } from './timeline/timeline-list';
import { MAX_ZOOM, useTimelineView } from './timeline/timeline-state';

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * The incident's timeline (the detail's child index view): events along a time axis and in a
 * virtualized list. While shown it is the target of the timeline commands (h/l or arrows move,
 * =/- zoom, space expands to the raw record) and of `p` (pin the event to evidence).
 */
/** The page a timeline pin names, so only this screen's dialog answers it. */
const TIMELINE_PIN_PAGE = 'incidents';

export default function IncidentIndex() {
  const { id = '', incidentId = '' } = useParams<{ id: string; incidentId: string }>();
  const incident = useIncident(id, incidentId);
  const events: readonly TimelineEvent[] = incident.data?.timeline ?? [];
  const [view, update] = useTimelineView(id, incidentId);
  const cursor = clamp(view.cursor, 0, Math.max(0, events.length - 1));

  const latest = useRef({ events, cursor });
  useLayoutEffect(() => {
    latest.current = { events, cursor };
  });

  useEffect(() => {
    const count = () => latest.current.events.length;
    const toggle = (index: number) => {
      const eventId = latest.current.events[index]?.id;
      if (!eventId) return;
      update((v) => ({
        ...v,
        expanded: v.expanded.includes(eventId)
          ? v.expanded.filter((e) => e !== eventId)
          : [...v.expanded, eventId],
      }));
    };
    const undoTimeline = setActiveTimeline({
      cursorPrev: () =>
        update((v) => ({ ...v, cursor: clamp(v.cursor - 1, 0, Math.max(0, count() - 1)) })),
      cursorNext: () =>
        update((v) => ({ ...v, cursor: clamp(v.cursor + 1, 0, Math.max(0, count() - 1)) })),
      zoomIn: () => update((v) => ({ ...v, zoom: Math.min(MAX_ZOOM, v.zoom + 1) })),
      zoomOut: () => update((v) => ({ ...v, zoom: Math.max(0, v.zoom - 1) })),
      expand: () => toggle(latest.current.cursor),
    });
    const undoPin = setPinSource(() => {
      const { events: list, cursor: at } = latest.current;
      const event = list[at];
      if (!event) return null;
      const label = `${formatDateTime(event.time)} · ${event.activity}: ${event.summary}`;
      return {
        investigationId: id,
        target: eventPinTarget({ id: event.id, summary: label }, TIMELINE_PIN_PAGE, incidentId),
      };
    });
    return () => {
      undoTimeline();
      undoPin();
    };
  }, [id, incidentId, update]);

  if (!incident.data) return null;
  if (events.length === 0)
    return (
      <NoDataYet what="no timeline for this incident">
        The rule kept no events for this incident.
      </NoDataYet>
    );
  const pick = (index: number) => update((v) => ({ ...v, cursor: index }));
  const toggle = (index: number) => {
    const eventId = events[index]?.id;
    if (eventId)
      update((v) => ({
        ...v,
        cursor: index,
        expanded: v.expanded.includes(eventId)
          ? v.expanded.filter((e) => e !== eventId)
          : [...v.expanded, eventId],
      }));
  };
  return (
    <section className="card incident-timeline" aria-label="Incident timeline">
      <header>
        <h3>
          Timeline{' '}
          <span className="faint">
            · event {cursor + 1} of {events.length}
          </span>
        </h3>
        <span className="faint timeline-keys">
          <kbd>h</kbd>/<kbd>l</kbd> move · <kbd>=</kbd>/<kbd>-</kbd> zoom · <kbd>space</kbd> raw
          record · <kbd>p</kbd> pin
        </span>
      </header>
      <div className="card-body">
        {incident.data.timelineTruncated ? (
          <div className="alert warning">
            The timeline keeps the first {events.length} events; the incident counts{' '}
            {incident.data.eventCount}.
          </div>
        ) : null}
        <TimelineAxis events={events} cursor={cursor} zoom={view.zoom} onPick={pick} />
        <TimelineList
          investigationId={id}
          events={events}
          cursor={cursor}
          expanded={view.expanded}
          onPick={pick}
          onToggle={toggle}
        />
      </div>
      <PinDialog investigationId={id} page={TIMELINE_PIN_PAGE} />
    </section>
  );
}
