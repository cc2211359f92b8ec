import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { PivotHow } from '../../../shared/hunt/query-text';
import { huntFacetFields } from '../../../shared/schemas/hunt';
import type { HuntFacetField } from '../../../shared/schemas/hunt';
import type { HuntScope } from '../../api/hunt/hunt';
import { huntFacetQuery } from '../../api/hunt/hunt';
import { formatNumber } from '../../components/format';

/** The keys of a pivot on a value that is a button (Enter also searches it alone). */
export const PIVOT_KEYS: Readonly<Record<string, PivotHow>> = { s: 'only', a: 'and', n: 'not' };

const TITLES: Record<HuntFacetField, string> = {
  person: 'People',
  source: 'Sources',
  category: 'Categories',
  activity: 'Activities',
  'file.destination': 'Destinations',
  'file.label': 'Labels',
  app: 'Apps',
};

function Facet(props: {
  scope: HuntScope;
  field: HuntFacetField;
  onPivot: (field: string, value: string, how: PivotHow) => void;
}) {
  const facet = useQuery(huntFacetQuery(props.scope, props.field));
  const values = facet.data?.values ?? [];
  // One tab stop per facet (its current value); the arrows move between its values.
  const [current, setCurrent] = useState<string | null>(null);
  const stop = values.some((v) => v.value === current) ? current : (values[0]?.value ?? null);
  const move = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowDown: 1, ArrowUp: -1, Home: -index, End: values.length - 1 - index }[
      event.key
    ];
    if (step === undefined) return false;
    event.preventDefault();
    const next = Math.min(values.length - 1, Math.max(0, index + step));
    const list = event.currentTarget.closest('ul');
    list?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
    return true;
  };
  return (
    <section className="hunt-facet" aria-label={TITLES[props.field]}>
      <h3>{TITLES[props.field]}</h3>
      {values.length === 0 ? <p className="faint">—</p> : null}
      <ul>
        {values.map((v, index) => (
          <li key={v.value}>
            <button
              type="button"
              className="hunt-facet-value"
              title="Enter or s searches this value, a adds it (AND), n excludes it (NOT); arrows move"
              tabIndex={v.value === stop ? 0 : -1}
              onFocus={() => setCurrent(v.value)}
              onClick={() => props.onPivot(props.field, v.value, 'only')}
              onKeyDown={(event) => {
                if (move(event, index)) return;
                const how = PIVOT_KEYS[event.key];
                if (!how || event.ctrlKey || event.metaKey || event.altKey) return;
                event.preventDefault();
                event.stopPropagation();
                props.onPivot(props.field, v.value, how);
              }}
            >
              <span>{v.label}</span> <span className="faint">{formatNumber(v.count)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Counts of the busiest values of each facet among what the hunt finds; each value pivots.
 * Each facet is one tab stop, so Tab crosses them to the results quickly.
 */
export function HuntFacets(props: {
  scope: HuntScope;
  onPivot: (field: string, value: string, how: PivotHow) => void;
}) {
  return (
    <aside className="hunt-facets" aria-label="Facets">
      {huntFacetFields.map((field) => (
        <Facet key={field} field={field} scope={props.scope} onPivot={props.onPivot} />
      ))}
    </aside>
  );
}
