import { useMemo } from 'react';
import { Link, Outlet, useParams, useSearchParams } from 'react-router-dom';

import { techniqueName } from '../../../shared/attack';
import { useMe } from '../../api/auth/me';
import { useIncident } from '../../api/incidents/get-incident';
import { HttpError } from '../../api/http-error';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { Loading } from '../../components/loading';
import { Tooltip } from '../../components/tooltip';
import { IncidentStatusBadge, SeverityBadge } from './incident-badges';
import { StatusButtons, useStatusChanger } from './use-status-changer';
import './incidents.css';

/** "2026-10-19 01:33 UTC" and the like, which a line break would split at a hyphen or space. */
const TIMES = /(\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?: UTC)?)?)/;

/** The sentence with its dates and times kept whole on one line (still plain, copyable text). */
function unbrokenTimes(text: string) {
  return text.split(TIMES).map((part, index) =>
    index % 2 ? (
      <span key={index} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * One incident: why it fired, its techniques and status, and (child view) its timeline. On a
 * wide pane the facts sit beside the timeline, which then takes the pane's whole height.
 */
export default function IncidentPage() {
  const { id = '', incidentId = '' } = useParams<{ id: string; incidentId: string }>();
  const [params] = useSearchParams();
  const technique = params.get('technique');
  const incident = useIncident(id, incidentId);
  const me = useMe();
  const ids = useMemo(() => [incidentId], [incidentId]);
  const changer = useStatusChanger(id, ids);
  const back = `/app/investigations/${encodeURIComponent(id)}/incidents${technique ? `?technique=${encodeURIComponent(technique)}` : ''}`;

  if (incident.isLoading) return <Loading />;
  if (incident.isError) {
    const missing = incident.error instanceof HttpError && incident.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'This incident no longer exists' : 'The incident could not be loaded'}
          action={<Link to={back}>Back to the incidents</Link>}
        >
          {missing
            ? 'A later analysis run no longer raises it, or it belongs to another case.'
            : incident.error.message}
        </EmptyState>
      </div>
    );
  }
  const data = incident.data!;
  return (
    <div className="page incident-page">
      <div className="incident-layout">
        <header className="incident-header">
          <nav className="muted">
            <Link to={back}>← Incidents{technique ? ` for ${technique}` : ''}</Link>
          </nav>
          <div className="incident-title-row">
            <SeverityBadge severity={data.severity} />
            <h2>{data.title}</h2>
            <IncidentStatusBadge status={data.status} />
          </div>
          <p className="incident-why">{unbrokenTimes(data.why)}</p>
          <p className="muted incident-description">{data.description}</p>
          <dl className="dl incident-facts">
            <dt>Techniques</dt>
            <dd className="technique-links">
              {data.techniques.map((t) => (
                <Tooltip key={t} content={`Incidents for ${t}`}>
                  <Link
                    to={`/app/investigations/${encodeURIComponent(id)}/incidents?technique=${encodeURIComponent(t)}`}
                  >
                    <span className="mono">{t}</span> {techniqueName(t)}
                  </Link>
                </Tooltip>
              ))}
            </dd>
            <dt>Seen</dt>
            <dd>
              {formatDateTime(data.firstSeen)} – {formatDateTime(data.lastSeen)} · {data.eventCount}{' '}
              events
            </dd>
            {data.statusBy ? (
              <>
                <dt>Status</dt>
                <dd>
                  {data.status} by {data.statusBy.displayName} {formatDateTime(data.statusAt)}
                  {data.statusReason ? `: “${data.statusReason}”` : ''}
                </dd>
              </>
            ) : null}
            <dt>Rule</dt>
            <dd className="mono">{data.ruleId}</dd>
          </dl>
          <StatusButtons
            onChange={changer.change}
            count={1}
            canWrite={Boolean(me.data?.permissions.includes('evidence.write'))}
            busy={changer.busy}
            current={data.status}
          />
        </header>
        <Outlet />
      </div>
      {changer.dialog}
    </div>
  );
}
