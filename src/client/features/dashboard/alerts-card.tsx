import { Link } from 'react-router-dom';

import { incidentSeverities, severityLabels } from '../../../shared/incident-model';
import type { IncidentSeverity } from '../../../shared/incident-model';
import type { AlertsSummaryReply } from '../../../shared/schemas/alerts';
import { buildPath } from '../../../shared/routes';
import { useAlertsSummary } from '../../api/alerts/alerts-summary';
import { Chart } from '../../components/chart/chart';
import { formatNumber } from '../../components/format';
import { workspace } from '../../workspace/workspace-controller';
import './dashboard.css';

/**
 * Open alerts, worst severity first, each count a link to the queue filtered by it, and the
 * alerts of the last 30 days by severity: the way from the dashboard into triage. Shown only
 * to roles that may see alerts.
 */
export function AlertsCard() {
  const summary = useAlertsSummary();
  const severities = [...incidentSeverities].reverse();
  return (
    <section className="card" aria-labelledby="dashboard-alerts">
      <header>
        <h2 id="dashboard-alerts">Alerts</h2>
        <Link to={buildPath('alerts', {})}>Open the queue</Link>
      </header>
      <div className="card-body dashboard-alerts">
        {summary.isError ? (
          <span className="muted">Unavailable: {summary.error.message}</span>
        ) : (
          <>
            <DetectingNotice detecting={summary.data?.detecting ?? 0} />
            <div className="stat-label">Open now (new or in review, of any age)</div>
            <div className="stat-value">{summary.data ? formatNumber(summary.data.open) : '—'}</div>
            <ul className="dashboard-alert-severities" aria-label="Open alerts by severity">
              {severities.map((severity) => (
                <li key={severity}>
                  <Link to={buildPath('alerts', {}, { severity })}>
                    <span className={`badge risk-${severity}`}>{severityLabels[severity]}</span>{' '}
                    {summary.data ? formatNumber(summary.data.bySeverity[severity] ?? 0) : '—'}
                  </Link>
                </li>
              ))}
            </ul>
            {summary.data ? <AlertsOverTime perDay={summary.data.perDay} /> : null}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Says that detection is still reading people's activity (after the demo's first start, or a
 * large batch), so that counts that grow as it goes are not taken for the final ones.
 */
export function DetectingNotice(props: { detecting: number }) {
  if (props.detecting === 0) return null;
  return (
    <div className="muted" role="status">
      Detection is still reading the activity of {formatNumber(props.detecting)}{' '}
      {props.detecting === 1 ? 'person' : 'people'}: these figures grow as it goes.
    </div>
  );
}

/** The theme's colour of each severity, as the risk badges use them. */
const SEVERITY_VARIABLES: Record<IncidentSeverity, string> = {
  low: '--risk-low',
  medium: '--risk-medium',
  high: '--risk-high',
  critical: '--risk-critical',
};

/**
 * Alerts raised per day over the last 30 days, stacked by severity (by the day of their last
 * event); a bar opens the queue filtered to its severity.
 */
function AlertsOverTime(props: { perDay: AlertsSummaryReply['perDay'] }) {
  const css = getComputedStyle(document.documentElement);
  const days = [...new Set(props.perDay.map((p) => p.day))].sort();
  const total = props.perDay.reduce((sum, p) => sum + p.count, 0);
  if (days.length === 0) return <p className="muted">No alert in the last 30 days.</p>;
  // The figure above counts open alerts of any age; the chart counts every status over 30 days.
  return (
    <>
      <div className="stat-label" id="dashboard-alerts-chart">
        Alerts per day, last 30 days (every status, by the day of their last event): {total}
      </div>
      <Chart
        ariaLabel={`Alerts per day over the last 30 days, by severity: ${total} in all`}
        height={180}
        data={incidentSeverities.map((severity) => ({
          type: 'bar',
          name: severityLabels[severity],
          x: days,
          y: days.map(
            (day) => props.perDay.find((p) => p.day === day && p.severity === severity)?.count ?? 0,
          ),
          marker: { color: css.getPropertyValue(SEVERITY_VARIABLES[severity]).trim() || '#888' },
          hovertemplate: `%{x}: %{y} ${severityLabels[severity].toLowerCase()}<extra></extra>`,
        }))}
        layout={{ barmode: 'stack', yaxis: { rangemode: 'tozero' }, showlegend: true }}
        onClick={(point) => {
          const severity = incidentSeverities[point.curveNumber];
          if (severity) workspace.navigate(buildPath('alerts', {}, { severity, status: 'all' }));
        }}
      />
    </>
  );
}
