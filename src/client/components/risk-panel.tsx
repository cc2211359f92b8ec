import './risk-panel.css';

import { riskLabels } from '../../shared/investigation-model';
import { useRisk } from '../api/incidents/risk';
import { RiskBadge } from './badges';

/** The case's risk score and the sentence behind each part of it. */
export function RiskPanel(props: { investigationId: string }) {
  const risk = useRisk(props.investigationId);
  const data = risk.data;
  return (
    <section className="card">
      <header>
        <h2>Risk score</h2>
        {data ? <RiskBadge level={data.level} score={data.score} /> : null}
      </header>
      <div className="card-body">
        {risk.isError ? (
          <div className="alert error">{risk.error.message}</div>
        ) : !data ? (
          <div className="muted">Loading…</div>
        ) : data.parts.length === 0 ? (
          <div className="muted">The score appears after the first analysis run.</div>
        ) : (
          <>
            <ul className="risk-parts">
              {data.parts.map((part) => (
                <li key={part.id}>
                  <span className="risk-part-points mono">{part.points.toFixed(1)}</span>
                  <span>
                    <strong>{part.label}</strong>
                    {part.weight !== 1 ? (
                      <span className="faint"> ×{part.weight}</span>
                    ) : null}: {part.sentence}
                  </span>
                </li>
              ))}
            </ul>
            <p className="faint risk-note">
              Computed level {riskLabels[data.computedLevel]}
              {data.manualLevel ? `; set by hand to ${riskLabels[data.manualLevel]}` : ''}. The case
              shows the higher of the two: dismiss incidents to lower what the evidence computes.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
