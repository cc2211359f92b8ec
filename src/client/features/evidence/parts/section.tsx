import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Tooltip } from '../../../components/tooltip';

/** A card of an evidence page: a title, an optional line of context, actions, and its content. */
export function Section(props: {
  title: string;
  hint?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`card evidence-section${props.wide ? ' wide' : ''}`}>
      <header>
        <div>
          <h2>{props.title}</h2>
          {props.hint ? <div className="muted evidence-hint">{props.hint}</div> : null}
        </div>
        {props.actions ? <div className="toolbar">{props.actions}</div> : null}
      </header>
      <div className="card-body">{props.children}</div>
    </section>
  );
}

/** One key figure: a value and what it counts; a tone makes it stand out, a hint explains it. */
export interface FigureItem {
  label: string;
  value: ReactNode;
  tone?: 'danger' | 'warning' | null;
  hint?: string;
  /**
   * Where the events behind the value are listed (the subject timeline filtered to them, see
   * timelineTo): the value becomes a link to them. Left out for a figure that counts no events.
   */
  to?: string;
}

/** Key figures in a row; a figure with a tone stands out. */
export function Figures(props: { items: FigureItem[] }) {
  return (
    <div className="evidence-figures">
      {props.items.map((item) => (
        <Tooltip key={item.label} content={item.hint}>
          <div className={`evidence-figure${item.tone ? ` tone-${item.tone}` : ''}`}>
            <div
              className={`evidence-figure-value${typeof item.value === 'string' && item.value.length > 12 ? ' long' : ''}`}
            >
              {item.to ? (
                <Link
                  to={item.to}
                  aria-label={
                    typeof item.value === 'string' || typeof item.value === 'number'
                      ? `${item.label}: ${item.value}, open the events`
                      : `${item.label}: open the events`
                  }
                >
                  {item.value}
                </Link>
              ) : (
                item.value
              )}
            </div>
            <div className="evidence-figure-label">{item.label}</div>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}

/** A small coloured label for a severity or a flag. */
export function Tag(props: { tone: 'danger' | 'warning' | 'ok' | 'muted'; children: ReactNode }) {
  return <span className={`evidence-tag tag-${props.tone}`}>{props.children}</span>;
}

const SEVERITY_TONE = {
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'muted',
  none: 'ok',
} as const;

/** Written as the incident badges write severities, so one case reads the same everywhere. */
const SEVERITY_LABEL = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'Clear',
} as const;

/** A severity as a tag. */
export function SeverityTag(props: { severity: keyof typeof SEVERITY_TONE }) {
  return <Tag tone={SEVERITY_TONE[props.severity]}>{SEVERITY_LABEL[props.severity]}</Tag>;
}
