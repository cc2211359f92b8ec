import type { KeyboardEvent, RefObject } from 'react';
import { useState } from 'react';

import type { Facet, TimelineReply } from '../../../shared/schemas/subject-timeline';
import { describeParam } from './timeline-filter-words';
import type { TimelineView } from './timeline-filters';
import { CHIP_PARAMS, parseDay } from './timeline-filters';

type Facets = NonNullable<TimelineReply['facets']>;

/** One filter as a select: every value of the range with its count, and the one chosen. */
function FacetSelect(props: {
  label: string;
  all: string;
  value: string | undefined;
  facets: readonly Facet[] | undefined;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** The value in words (a stored key as a label). */
  describe: (value: string) => string;
  selectRef?: RefObject<HTMLSelectElement | null>;
}) {
  const values = props.facets ?? [];
  // A value from a link that the range does not hold still shows, with no events.
  const missing = props.value && !values.some((f) => f.value === props.value) ? props.value : null;
  return (
    <label className="timeline-filter">
      <span className="muted">{props.label}</span>
      <select
        ref={props.selectRef}
        className="input"
        aria-label={props.label}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={props.onKeyDown}
      >
        <option value="">{props.all}</option>
        {values.map((f) => (
          <option key={f.value} value={f.value}>
            {f.count === null
              ? props.describe(f.value)
              : `${props.describe(f.value)} (${f.count.toLocaleString('en-US')})`}
          </option>
        ))}
        {missing ? <option value={missing}>{props.describe(missing)}</option> : null}
      </select>
    </label>
  );
}

/**
 * The timeline's filters, in its table's toolbar: source, activity and label (with how many
 * events of the range each value has), words to search, a date to start at, and a chip for
 * each other filter a link set (a figure's local hours, flags, contacts…) that clears it.
 * Enter or Escape in the fields hands the keys back to the rows.
 */
export function TimelineFilterBar(props: {
  view: TimelineView;
  facets: Facets | null | undefined;
  onChange: (name: string, value: string) => void;
  /** Gives the keys back to the rows. */
  onDone: () => void;
  sourceRef: RefObject<HTMLSelectElement | null>;
  dateRef: RefObject<HTMLInputElement | null>;
}) {
  const { view, facets, onChange, onDone } = props;
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const backToRows = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    onDone();
  };
  return (
    <div className="timeline-filters">
      <FacetSelect
        label="Source"
        all="All sources"
        value={view.filter.source}
        facets={facets?.sources}
        onChange={(value) => onChange('source', value)}
        onKeyDown={backToRows}
        describe={(value) => describeParam('source', value)}
        selectRef={props.sourceRef}
      />
      <FacetSelect
        label="Activity"
        all="All activities"
        value={view.filter.activity}
        facets={facets?.activities}
        onChange={(value) => onChange('activity', value)}
        onKeyDown={backToRows}
        describe={(value) => describeParam('activity', value)}
      />
      <FacetSelect
        label="Label"
        all="All labels"
        value={view.filter.label}
        facets={facets?.labels}
        onChange={(value) => onChange('label', value)}
        onKeyDown={backToRows}
        describe={(value) => describeParam('label', value)}
      />
      <input
        key={`q:${view.filter.q ?? ''}`}
        type="search"
        data-search
        className="input timeline-search"
        placeholder="Search…"
        aria-label="Search the timeline"
        defaultValue={view.filter.q ?? ''}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange('q', event.currentTarget.value.trim());
          backToRows(event);
        }}
      />
      <label className="timeline-filter">
        <span className="muted">From date</span>
        <input
          key={`at:${view.atText}`}
          ref={props.dateRef}
          type="text"
          className="input timeline-date"
          placeholder="YYYY-MM-DD"
          aria-label="Jump to date"
          aria-invalid={dateProblem ? true : undefined}
          title={dateProblem ?? 'A date (UTC): the list starts there. Empty: from the start.'}
          defaultValue={view.atText}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setDateProblem(null);
              backToRows(event);
              return;
            }
            if (event.key !== 'Enter') return;
            const text = event.currentTarget.value.trim();
            if (text !== '' && parseDay(text) === null) {
              event.preventDefault();
              setDateProblem(`“${text}” is not a date: write it as YYYY-MM-DD.`);
              return;
            }
            setDateProblem(null);
            onChange('at', text);
            backToRows(event);
          }}
        />
      </label>
      {dateProblem ? (
        <span className="field-error" role="alert">
          {dateProblem}
        </span>
      ) : null}
      {CHIP_PARAMS.map((name) => {
        const value = view.filter[name];
        if (!value) return null;
        // A figure's filter without a field of its own: shown as a chip that clears it.
        const words = describeParam(name, value);
        return (
          <button
            key={name}
            type="button"
            className="button small timeline-chip"
            aria-label={`Clear the filter: ${words}`}
            onClick={() => onChange(name, '')}
          >
            {words}
            <span aria-hidden="true"> ×</span>
          </button>
        );
      })}
    </div>
  );
}
