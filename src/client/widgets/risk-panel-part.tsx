import { useState } from 'react';
import { Link } from 'react-router-dom';

import { evidencePages } from '../../shared/findings/catalogue';
import type { RiskPart } from '../../shared/schemas/risk';
import { formatNumber } from '../components/format';
import { RiskPartDialog } from './risk-part-dialog';
import { plural } from '../../shared/wording';

/**
 * One part of the risk score: its points, weight and sentence, then what it counted, as links
 * an investigator can Tab to and open: each incident, and the evidence page with the events.
 * The part itself is a button (Enter or click) that opens its incidents and exactly the events
 * behind its count.
 */
export function RiskPanelPart(props: { investigationId: string; part: RiskPart }) {
  const { part } = props;
  const { evidence } = part;
  const base = `/app/investigations/${encodeURIComponent(props.investigationId)}`;
  const counted = part.points > 0;
  const labelId = `risk-part-${part.id}`;
  const [open, setOpen] = useState(false);
  const behind = [
    evidence.incidents.length ? plural(evidence.incidents.length, 'incident') : null,
    evidence.eventCount ? plural(evidence.eventCount, 'event') : null,
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <li className={counted ? 'risk-part' : 'risk-part risk-part-none'} aria-labelledby={labelId}>
      <span className="risk-part-points mono">{part.points.toFixed(1)}</span>
      <div className="risk-part-body">
        <button
          type="button"
          className="risk-part-open"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <span>
            <strong id={labelId}>{part.label}</strong>
            <span className="faint"> ×{part.weight}</span>: {part.sentence}
          </span>
          {behind ? (
            <span className="risk-part-behind faint">
              Open the {behind} behind it <span aria-hidden>›</span>
            </span>
          ) : null}
        </button>
        {open ? (
          <RiskPartDialog
            investigationId={props.investigationId}
            part={part}
            onClose={() => setOpen(false)}
          />
        ) : null}
        {counted && evidence.incidents.length > 0 ? (
          <ul className="risk-evidence" aria-label={`Incidents behind ${part.label}`}>
            {evidence.incidents.map((incident) => (
              <li key={incident.id}>
                <Link to={`${base}/incidents/${encodeURIComponent(incident.id)}`}>
                  {incident.title}
                </Link>{' '}
                <span className={`risk-severity severity-${incident.severity}`}>
                  {incident.severity}
                </span>{' '}
                <span className="faint">
                  · {incident.status} · {plural(incident.eventCount, 'event')}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {counted && evidence.items.length > 0 ? (
          <ul className="risk-evidence risk-items" aria-label={`What ${part.label} counted`}>
            {evidence.items.map((item) => (
              <li key={item.label}>
                {item.label} <span className="mono faint">{formatNumber(item.count)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {counted && evidence.page ? (
          <Link className="risk-evidence-link" to={`${base}/evidence-locker/${evidence.page}`}>
            {evidence.eventCount > 0
              ? `${plural(evidence.eventCount, 'event')} on ${evidencePages[evidence.page].title}`
              : `Open ${evidencePages[evidence.page].title}`}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
