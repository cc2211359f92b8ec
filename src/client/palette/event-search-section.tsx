import './event-search.css';

import { Command, useCommandState } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

import type { PaletteEntry } from './palette-entry';
import type { EventSearchEntries } from './use-event-search-entries';

/** The value of the row that stands for the rest of the search. */
const MORE = 'evt:more';
/** The cursor this close to the end of the events asks for the next page. */
const NEAR_END = 3;

/** Whether an element is in view inside the palette's scrolling list. */
function useInView(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => setInView(Boolean(entry?.isIntersecting)),
      { root: element.closest('[cmdk-list]') },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, inView];
}

/**
 * Below commands and entities: events of the user's cases that hold the typed text, each
 * labelled with its case. More are fetched as the list is scrolled to its end or the cursor
 * nears the last event (a page the server cut short is followed by the next on its own).
 */
export function EventSearchSection(props: {
  search: EventSearchEntries;
  onChoose: (entry: PaletteEntry) => void;
}) {
  const { entries, loading, hasMore, loadMore } = props.search;
  const selected = useCommandState((state) => state.value);
  const [end, endInView] = useInView();
  const nearEnd =
    selected === MORE || entries.slice(-NEAR_END).some((entry) => entry.key === selected);
  useEffect(() => {
    if ((nearEnd || endInView) && hasMore && !loading) loadMore();
  }, [nearEnd, endInView, hasMore, loading, loadMore]);

  if (entries.length === 0 && !loading && !hasMore) return null;
  return (
    <Command.Group heading="Events in your cases" className="palette-events">
      {entries.map((entry) => (
        <Command.Item
          key={entry.key}
          value={entry.key}
          onSelect={() => props.onChoose(entry)}
          className="palette-item"
        >
          <span className="palette-label">{entry.label}</span>
          <span className="palette-detail">{entry.detail}</span>
          <span className="palette-group">{entry.group}</span>
        </Command.Item>
      ))}
      {loading || hasMore ? (
        <Command.Item value={MORE} onSelect={loadMore} className="palette-item palette-more">
          <span className="palette-label faint">
            {loading ? 'Searching the events of your cases…' : 'More events…'}
          </span>
        </Command.Item>
      ) : null}
      <div ref={end} aria-hidden="true" className="palette-events-end" />
    </Command.Group>
  );
}
