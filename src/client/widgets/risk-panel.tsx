import './risk-panel.css';

import { riskLabels } from '../../shared/investigation-model';
import type { RiskReply } from '../../shared/schemas/risk';
import { useRisk } from '../api/incidents/risk';
import { RiskBadge } from '../components/badges';
import { formatDateTime } from '../components/format';
import { RiskPanelPart } from './risk-panel-part';

/** The score in words: the total, and the cap when it hides part of it. */
function ScoreLine(props: { data: RiskReply }) {
  const { data } = props;
  return (
    <p className="risk-score-line">
      <span className="risk-score mono">{data.score}</span>
      <span>
        {data.capped
          ? ` out of 100: capped at 100; the parts add to ${data.partsTotal.toFixed(1)}.`
          : ' out of 100: the sum of the parts below.'}
      </span>
    </p>
  );
}

/** Where the level comes from: the score, or a person who raised it (who and when). */
function LevelLine(props: { data: RiskReply }) {
  const { data } = props;
  const computed = riskLabels[data.computedLevel];
  if (!data.manualLevel) {
    return <p className="risk-note">Level {computed}, from the score; nobody set it by hand.</p>;
  }
  const who = data.manualSetBy?.displayName ?? 'someone';
  return (
    <p className="risk-note">
      Set by hand to {riskLabels[data.manualLevel]} by {who} on {formatDateTime(data.manualSetAt)};
      the evidence computes {computed}. The case shows the higher of the two.
    </p>
  );
}

/** The case's risk score, where its level comes from, and each part with what is behind it. */
export function RiskPanel(props: { investigationId: string }) {
  const risk = useRisk(props.investigationId);
  const data = risk.data;
  const parts = data ? [...data.parts].sort((a, b) => b.points - a.points) : [];
  return (
    <section className="card" aria-labelledby="risk-score-title">
      <header>
        <h2 id="risk-score-title">Risk score</h2>
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
            <ScoreLine data={data} />
            <LevelLine data={data} />
            {data.pending ? (
              <p className="risk-note muted">
                The analysis is running again; these parts are from{' '}
                {formatDateTime(data.computedAt)}.
              </p>
            ) : null}
            <ul className="risk-parts" aria-label="Parts of the risk score">
              {parts.map((part) => (
                <RiskPanelPart key={part.id} investigationId={props.investigationId} part={part} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
