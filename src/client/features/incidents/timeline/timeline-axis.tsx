import type { TimelineEvent } from '../../../../shared/schemas/incidents';
import { formatDateTime } from '../../../components/format';
import { visibleRange } from './timeline-state';

const WIDTH = 1000;

/**
 * The incident's events along a time axis: one tick per event, the cursor's event marked,
 * zoomed around the cursor (=/-). Clicking a tick moves the cursor there.
 */
export function TimelineAxis(props: {
  events: readonly TimelineEvent[];
  cursor: number;
  zoom: number;
  onPick: (index: number) => void;
}) {
  const { events, cursor, zoom } = props;
  const first = events[0]?.time ?? 0;
  const last = events[events.length - 1]?.time ?? first;
  const current = events[cursor];
  const { start, end } = visibleRange(first, last, current?.time ?? first, zoom);
  const x = (time: number) => ((time - start) / (end - start)) * WIDTH;
  const shown = events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.time >= start && event.time <= end);
  return (
    <div className="timeline-axis">
      <svg
        viewBox={`0 0 ${WIDTH} 56`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Timeline from ${formatDateTime(start)} to ${formatDateTime(end)}, ${shown.length} of ${events.length} events shown`}
      >
        <line x1={0} x2={WIDTH} y1={40} y2={40} className="timeline-baseline" />
        {shown.map(({ event, index }) => (
          <line
            key={event.id}
            x1={x(event.time)}
            x2={x(event.time)}
            y1={index === cursor ? 4 : 18}
            y2={40}
            className={`timeline-tick category-${event.category}${index === cursor ? ' is-cursor' : ''}`}
            onClick={() => props.onPick(index)}
          />
        ))}
        {current ? (
          <circle cx={x(current.time)} cy={44} r={4} className="timeline-cursor-dot" />
        ) : null}
      </svg>
      <div className="timeline-axis-labels faint">
        <span>{formatDateTime(start)}</span>
        <span>
          zoom ×{2 ** zoom} · {shown.length} of {events.length} events
        </span>
        <span>{formatDateTime(end)}</span>
      </div>
    </div>
  );
}
