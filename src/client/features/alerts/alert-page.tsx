import { useParams } from 'react-router-dom';
import { Link } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';
import { useAlert } from '../../api/alerts/get-alert';
import { useMe, usePermissions } from '../../api/auth/me';
import { HttpError } from '../../api/http-error';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { Loading } from '../../components/loading';
import { AlertActionButtons } from './alert-action-buttons';
import { AlertStatusBadge, SeverityBadge, TechniqueLink } from './alert-badges';
import { AlertEvents } from './alert-events';
import { useAlertActions } from './use-alert-actions';
import './alerts.css';

const queueLink = (search: Record<string, string>) =>
  buildPath('alerts', {}, { status: 'all', ...search });

/**
 * One alert: what fired and why, about whom, its techniques and span, where it stands, and the
 * events behind it (Enter on one shows its raw record). d, a, r and c act on it as on the queue;
 * u goes back to the queue.
 */
export default function AlertPage() {
  const { alertId = '' } = useParams<{ alertId: string }>();
  const me = useMe();
  const permissions = usePermissions();
  const allowed = mayOpenRoute('alert', permissions);
  const alert = useAlert(allowed ? alertId : '');
  const actions = useAlertActions({ alerts: () => (alert.data ? [alert.data] : []) });

  if (me.isPending) return <Loading />;
  if (!allowed) {
    return (
      <div className="page">
        <EmptyState title="Alerts are not open to your role">
          Alerts need the permissions to read every investigation and its evidence.
        </EmptyState>
      </div>
    );
  }
  if (alert.isPending) return <Loading label="Loading the alert…" />;
  if (alert.isError) {
    const missing = alert.error instanceof HttpError && alert.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'This alert does not exist' : 'The alert could not be loaded'}
          action={<Link to={buildPath('alerts', {})}>Back to the alerts</Link>}
        >
          {missing ? 'The link may be mistyped, or the alert was removed.' : alert.error.message}
        </EmptyState>
      </div>
    );
  }
  const data = alert.data;
  return (
    <div className="page alert-page" data-detail>
      <header className="alert-page-header">
        <nav className="muted" aria-label="Breadcrumb">
          <Link to={buildPath('alerts', {})}>← Alerts</Link>
        </nav>
        <div className="alert-title-row">
          <SeverityBadge severity={data.severity} />
          <h1>{data.title}</h1>
          <AlertStatusBadge status={data.status} />
        </div>
        <p className="alert-why">{data.why}</p>
        {data.description ? <p className="muted alert-description">{data.description}</p> : null}
        <dl className="dl">
          <dt>Person</dt>
          <dd>
            {data.subject.fullName}
            {data.subject.title || data.subject.department ? (
              <span className="muted">
                {' '}
                · {[data.subject.title, data.subject.department].filter(Boolean).join(', ')}
              </span>
            ) : null}{' '}
            · <Link to={queueLink({ employeeId: data.subject.id })}>Alerts about this person</Link>
          </dd>
          <dt>Techniques</dt>
          <dd className="alert-technique-links">
            {data.techniques.length > 0
              ? data.techniques.map((id) => <TechniqueLink key={id} id={id} />)
              : 'None named by the rule'}
          </dd>
          <dt>Seen</dt>
          <dd>
            {formatDateTime(data.firstSeen)} – {formatDateTime(data.lastSeen)} ·{' '}
            {data.eventCount.toLocaleString('en-US')} {data.eventCount === 1 ? 'event' : 'events'}
          </dd>
          <dt>Assignee</dt>
          <dd>{data.assignee?.displayName ?? <span className="muted">Unassigned</span>}</dd>
          {data.status === 'dismissed' && data.reason ? (
            <>
              <dt>Dismissed</dt>
              <dd>“{data.reason}”</dd>
            </>
          ) : null}
          {data.investigationId ? (
            <>
              <dt>Case</dt>
              <dd>
                <Link to={buildPath('investigation', { id: data.investigationId })}>
                  Open the investigation
                </Link>
              </dd>
            </>
          ) : null}
          <dt>Rule</dt>
          <dd>
            <span className="mono">{data.ruleId}</span> ·{' '}
            <Link to={queueLink({ ruleId: data.ruleId })}>Alerts from this rule</Link>
          </dd>
        </dl>
        <AlertActionButtons alerts={[data]} permissions={permissions} />
      </header>
      <AlertEvents alert={data} />
      {actions.dialog}
    </div>
  );
}
