import { useQuery } from '@tanstack/react-query';

import { huntFacetFields } from '../../../shared/schemas/hunt';
import type { HuntFacetField } from '../../../shared/schemas/hunt';
import type { HuntScope } from '../../api/hunt/hunt';
import { huntFacetQuery } from '../../api/hunt/hunt';
import { formatNumber } from '../../components/format';

/** How a pivot uses a value: search for it alone, add it (AND), or exclude it (NOT). */
export type PivotHow = 'only' | 'and' | 'not';

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
  return (
    <section className="hunt-facet" aria-label={TITLES[props.field]}>
      <h3>{TITLES[props.field]}</h3>
      {values.length === 0 ? <p className="faint">—</p> : null}
      <ul>
        {values.map((v) => (
          <li key={v.value}>
            <button
              type="button"
              className="hunt-facet-value"
              title="Enter searches this value, a adds it (AND), n excludes it (NOT)"
              onClick={() => props.onPivot(props.field, v.value, 'only')}
              onKeyDown={(event) => {
                if (event.key === 'a' || event.key === 'n') {
                  event.preventDefault();
                  event.stopPropagation();
                  props.onPivot(props.field, v.value, event.key === 'a' ? 'and' : 'not');
                }
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

/** Counts of the busiest values of each facet among what the hunt finds; each value pivots. */
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
