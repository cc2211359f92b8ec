import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { techniqueName } from '../../../shared/attack';
import {
  incidentSeverities,
  incidentStatuses,
  incidentStatusLabels,
  severityLabels,
} from '../../../shared/incident-model';
import type { IncidentSeverity, IncidentStatus } from '../../../shared/incident-model';
import { useMe } from '../../api/auth/me';
import { useIncidentsSummary } from '../../api/incidents/incidents-summary';
import { useIncidents } from '../../api/incidents/list-incidents';
import { DataTable } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { workspace } from '../../workspace/workspace-controller';
import { incidentColumns } from './incident-columns';
import { RiskPanel } from '../../widgets/risk-panel';
import { StatusButtons, useStatusChanger } from './use-status-changer';
import './incidents.css';

/**
 * The incidents of a case, optionally for one ATT&CK technique (`?technique=`). Keys: j/k move,
 * x selects, o or Enter opens; the status buttons (or “Set Incident Status…” in the palette)
 * act on the selected rows.
 */
export default function IncidentsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [params, setParams] = useSearchParams();
  const technique = params.get('technique') ?? undefined;
  const [status, setStatus] = useState<IncidentStatus | ''>('');
  const [severity, setSeverity] = useState<IncidentSeverity | ''>('');
  const validTechnique = technique && /^T\d{4}(\.\d{3})?$/.test(technique) ? technique : undefined;
  const incidents = useIncidents(id, {
    technique: validTechnique,
    status: status || undefined,
    severity: severity || undefined,
  });
  const summary = useIncidentsSummary(id);
  const me = useMe();
  const [selected, setSelected] = useState<string[]>([]);
  const changer = useStatusChanger(id, selected);
  const rows = useMemo(() => incidents.data?.incidents ?? [], [incidents.data]);
  const pending = incidents.data?.pending ?? false;
  const query = validTechnique ? `?technique=${encodeURIComponent(validTechnique)}` : '';

  return (
    <div className="page incidents-page">
      <div className="page-header">
        <div>
          <h2>
            Incidents
            {validTechnique ? (
              <>
                {' '}
                for <span className="mono">{validTechnique}</span> {techniqueName(validTechnique)}
              </>
            ) : null}
          </h2>
          <div className="subtitle muted">
            Raised by detection rules over the subject’s activity in the investigation window.
          </div>
        </div>
        <div className="toolbar">
          {technique ? (
            <button type="button" className="button small" onClick={() => setParams({})}>
              Show every technique
            </button>
          ) : null}
          <Link className="button small" to={`/app/investigations/${encodeURIComponent(id)}/mitre`}>
            ATT&amp;CK matrix
          </Link>
        </div>
      </div>
      {technique && !validTechnique ? (
        <div className="alert warning">
          “{technique}” is not a technique id such as T1052.001; showing every incident.
        </div>
      ) : null}
      {pending ? (
        <div className="alert warning" role="status">
          Analysis in progress: incidents appear when it ends. This page refreshes by itself.
        </div>
      ) : null}
      {summary.data && summary.data.total > 0 ? (
        <div className="incident-figures" aria-label="Incident counts">
          <Figure label="Incidents" value={summary.data.total} />
          {incidentSeverities
            .slice()
            .reverse()
            .map((s) => (
              <Figure
                key={s}
                label={severityLabels[s]}
                value={summary.data.bySeverity[s] ?? 0}
                tone={s}
              />
            ))}
          <Figure label="Open" value={summary.data.byStatus.open ?? 0} />
          <Figure label="Dismissed" value={summary.data.byStatus.dismissed ?? 0} />
        </div>
      ) : null}
      {incidents.isError ? <div className="alert error">{incidents.error.message}</div> : null}
      <DataTable
        label="Incidents"
        columns={incidentColumns}
        rows={rows}
        getRowId={(i) => i.id}
        loading={incidents.isLoading}
        height={Math.min(560, Math.max(180, 120 + rows.length * 28))}
        exportName={`incidents-${id}`}
        initialSort={{ id: 'first', desc: false }}
        onSelectionChange={setSelected}
        onOpen={(i, { newTab }) =>
          workspace.navigate(
            `/app/investigations/${encodeURIComponent(id)}/incidents/${encodeURIComponent(i.id)}${query}`,
            { newTab },
          )
        }
        emptyMessage={
          pending ? (
            'No incidents yet: the analysis is still running.'
          ) : (
            <EmptyState title="No incidents">
              {validTechnique
                ? `No incident maps to ${validTechnique} in this case.`
                : 'The detection rules found nothing in the subject’s activity in this window.'}
            </EmptyState>
          )
        }
        toolbarExtra={
          <>
            <select
              className="select"
              aria-label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as IncidentStatus | '')}
            >
              <option value="">Any status</option>
              {incidentStatuses.map((s) => (
                <option key={s} value={s}>
                  {incidentStatusLabels[s]}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label="Severity"
              value={severity}
              onChange={(e) => setSeverity(e.target.value as IncidentSeverity | '')}
            >
              <option value="">Any severity</option>
              {incidentSeverities.map((s) => (
                <option key={s} value={s}>
                  {severityLabels[s]}
                </option>
              ))}
            </select>
            <StatusButtons
              onChange={changer.change}
              count={selected.length}
              canWrite={Boolean(me.data?.permissions.includes('evidence.write'))}
              busy={changer.busy}
            />
          </>
        }
      />
      <RiskPanel investigationId={id} />
      {changer.dialog}
    </div>
  );
}

function Figure(props: { label: string; value: number; tone?: IncidentSeverity }) {
  return (
    <div className={`incident-figure${props.tone && props.value > 0 ? ` tone-${props.tone}` : ''}`}>
      <div className="incident-figure-value">{props.value}</div>
      <div className="incident-figure-label">{props.label}</div>
    </div>
  );
}
