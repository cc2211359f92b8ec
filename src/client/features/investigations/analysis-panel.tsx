import { Link } from 'react-router-dom';

import { useTopic } from '../../api/findings/topics';
import { useIncidentsSummary } from '../../api/incidents/incidents-summary';
import type { AnalysisState } from '../../../shared/schemas/investigations';
import { RiskPanel } from '../../widgets/risk-panel';
import { buildPath } from '../../../shared/routes';

const severityOrder = ['critical', 'high', 'medium', 'low'] as const;

function IncidentLine(props: { investigationId: string }) {
  const summary = useIncidentsSummary(props.investigationId);
  const data = summary.data;
  if (summary.isError) return <div className="alert error">{summary.error.message}</div>;
  if (!data) return <div className="muted">Loading incidents…</div>;
  if (data.pending) return <div className="muted">Incidents are being computed…</div>;
  if (data.total === 0) {
    return <div className="muted">No detection rule fired in this window.</div>;
  }
  const parts = severityOrder
    .filter((s) => (data.bySeverity[s] ?? 0) > 0)
    .map((s) => `${data.bySeverity[s]} ${s}`);
  return (
    <div>
      <Link to="incidents">{data.total === 1 ? '1 incident' : `${data.total} incidents`}</Link> (
      {parts.join(', ')}), {data.byStatus.open ?? 0} open. Techniques:{' '}
      {data.byTechnique.map((t, i) => (
        <span key={t.technique}>
          {i > 0 ? ', ' : ''}
          <Link to={`incidents?technique=${encodeURIComponent(t.technique)}`} className="mono">
            {t.technique}
          </Link>{' '}
          {t.name}
        </span>
      ))}
      .
    </div>
  );
}

/**
 * The overview's analysis: what the subject did (the locker's narrative and key figures, each
 * leading to its evidence page), the incidents, and the risk score with its parts.
 */
export function AnalysisPanel(props: { investigationId: string; state: AnalysisState }) {
  const summary = useTopic(props.investigationId, 'summary');
  const data = summary.data;
  return (
    <>
      <section className="card" aria-labelledby="case-analysis">
        <header>
          <h2 id="case-analysis">Analysis</h2>
          <Link to="evidence-locker" className="button small">
            Evidence locker
          </Link>
        </header>
        <div className="card-body stack">
          {props.state === 'pending' || props.state === 'running' ? (
            <div className="muted">
              Findings and incidents are being recomputed for this window…
            </div>
          ) : props.state === 'failed' ? (
            <div className="alert error">
              The last analysis run failed, so these figures may be stale; the server log says why.
            </div>
          ) : null}
          {summary.isError ? (
            <div className="alert error">{summary.error.message}</div>
          ) : !data ? (
            <div className="muted">Loading the summary…</div>
          ) : data.activity.events === 0 ? (
            <div className="muted">
              No activity of the subject in this window: connect an integration or widen the window.
            </div>
          ) : (
            <>
              <ul className="analysis-narrative">
                {data.narrative.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <ul className="analysis-figures">
                {data.figures.map((f) => (
                  <li key={f.id} className={`analysis-figure severity-${f.severity}`}>
                    {f.events ? (
                      // The events the figure counts, in the subject timeline.
                      <Link
                        className="analysis-figure-value"
                        to={buildPath('subjectTimeline', { id: props.investigationId }, f.events)}
                        aria-label={`${f.label}: ${f.value}, open the events`}
                      >
                        {f.value.toLocaleString('en-US')}
                        {f.unit ?? ''}
                      </Link>
                    ) : (
                      <span className="analysis-figure-value">
                        {f.value.toLocaleString('en-US')}
                        {f.unit ?? ''}
                      </span>
                    )}
                    {f.page ? (
                      <Link to={`evidence-locker/${f.page}`}>{f.label}</Link>
                    ) : (
                      <span>{f.label}</span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          <IncidentLine investigationId={props.investigationId} />
        </div>
      </section>
      <RiskPanel investigationId={props.investigationId} />
    </>
  );
}
