import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';

import type { TimelineEvent } from '../../../../shared/schemas/incidents';
import { formatDateTime } from '../../../components/format';
import { useFillHeight } from '../../../components/use-fill-height';
import { Tooltip, TruncatedText } from '../../../components/tooltip';
import { RawRecord } from './raw-record';

/**
 * The incident's events in time order, virtualized (a timeline of thousands keeps a few dozen
 * rows in the page). The cursor row is the active option; expanded rows show the raw record
 * inside the option, so a screen reader reads it with the row.
 */
export function TimelineList(props: {
  investigationId: string;
  events: readonly TimelineEvent[];
  cursor: number;
  expanded: readonly string[];
  onPick: (index: number) => void;
  onToggle: (index: number) => void;
}) {
  const { events, cursor, expanded } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // As tall as the pane allows below the axis: at 1440x900 some 18 rows, not a fixed few.
  const height = useFillHeight(scroller, 300);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (expanded.includes(events[index]?.id ?? '') ? 320 : 34),
    overscan: 8,
    getItemKey: (index) => events[index]?.id ?? index,
  });
  useEffect(() => {
    if (events.length > 0) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, events.length, virtualizer]);
  // An event opened to its raw record starts at the top of the list, so its time and first
  // fields show however tall the record is.
  const cursorOpen = expanded.includes(events[cursor]?.id ?? '');
  useEffect(() => {
    if (cursorOpen) virtualizer.scrollToIndex(cursor, { align: 'start' });
  }, [cursorOpen, cursor, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      props.onToggle(cursor);
    }
  };
  const active = events[cursor];
  return (
    <div
      ref={scroller}
      className="timeline-list"
      style={{ maxHeight: height }}
      role="listbox"
      aria-label="Incident timeline events: h and l move, space or Enter shows the raw record, p pins"
      aria-activedescendant={active ? `timeline-event-${active.id}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      // Keyboard-first: Enter works as soon as the timeline opens (h/l work from anywhere).
      autoFocus
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const event = events[item.index]!;
          const open = expanded.includes(event.id);
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              id={`timeline-event-${event.id}`}
              role="option"
              aria-selected={item.index === cursor}
              className={`timeline-row${item.index === cursor ? ' is-cursor' : ''}`}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <div
                className="timeline-row-line"
                onClick={() => props.onPick(item.index)}
                onDoubleClick={() => props.onToggle(item.index)}
              >
                <span className="timeline-time mono">{formatDateTime(event.time)}</span>
                <span className={`timeline-category category-${event.category}`}>
                  {event.category}
                </span>
                <span className="timeline-activity mono">{event.activity}</span>
                <TruncatedText className="timeline-summary">{event.summary}</TruncatedText>
                <span className="timeline-source faint">{event.app ?? event.source}</span>
                {/* The row is the control (Enter or space toggles it); the mark is its pointer
                    target, not a button, because an option may not hold another control. */}
                <Tooltip content={open ? 'Hide the raw record' : 'Show the raw record'}>
                  <span
                    className="timeline-toggle"
                    aria-hidden="true"
                    onClick={() => props.onToggle(item.index)}
                  >
                    {open ? '▾' : '▸'}
                  </span>
                </Tooltip>
              </div>
              {open ? (
                <RawRecord investigationId={props.investigationId} eventId={event.id} />
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
