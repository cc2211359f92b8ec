import { Link } from 'react-router-dom';

import { incidentSeverities, severityLabels } from '../../../shared/incident-model';
import { buildPath } from '../../../shared/routes';
import { useAlertsSummary } from '../../api/alerts/alerts-summary';
import { formatNumber } from '../../components/format';
import './dashboard.css';

/**
 * Open alerts, worst severity first, each count a link to the queue filtered by it: the way
 * from the dashboard into triage. Shown only to roles that may see alerts.
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
            <div className="stat-label">Open (new or in review)</div>
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
          </>
        )}
      </div>
    </section>
  );
}
