import { useSetAtom } from 'jotai';

import type { Employee } from '../../../shared/schemas/employees';
import { useInvestigations } from '../../api/investigations/list-investigations';
import { RiskBadge, StatusBadge } from '../../components/badges';
import { Tooltip } from '../../components/tooltip';
import { openDialogAtom } from '../../state/dialogs';
import { workspace } from '../../workspace/workspace-controller';

/**
 * One employee: who they are, the cases about them, and a way to open a new one; when
 * `createBlocked` holds the reason the user's role cannot, that sentence stands in its place.
 */
export function EmployeePanel(props: {
  employee: Employee;
  createBlocked: string | null;
  onClose: () => void;
}) {
  const e = props.employee;
  const cases = useInvestigations({ subject: e.id, limit: 50 });
  const openDialog = useSetAtom(openDialogAtom);
  return (
    <aside className="card" aria-label={`Employee ${e.fullName}`} style={{ alignSelf: 'start' }}>
      <header>
        <h2>{e.fullName}</h2>
        <Tooltip content="Close">
          <button
            type="button"
            className="button ghost small"
            onClick={props.onClose}
            aria-label="Close employee"
          >
            ×
          </button>
        </Tooltip>
      </header>
      <div className="card-body" style={{ display: 'grid', gap: 12 }}>
        <dl className="dl">
          <dt>Id</dt>
          <dd className="mono">{e.id}</dd>
          <dt>Email</dt>
          <dd>{e.email}</dd>
          <dt>Title</dt>
          <dd>{e.title ?? '—'}</dd>
          <dt>Department</dt>
          <dd>{e.department ?? '—'}</dd>
          <dt>Location</dt>
          <dd>
            {e.location ?? '—'} {e.timezone ? <span className="faint">({e.timezone})</span> : null}
          </dd>
          <dt>Hours</dt>
          <dd>
            {e.workStartHour !== null && e.workEndHour !== null
              ? `${e.workStartHour}:00–${e.workEndHour}:00`
              : '—'}
          </dd>
          <dt>Started</dt>
          <dd>{e.startDate ?? '—'}</dd>
          {e.resignationDate ? (
            <>
              <dt>Resigned</dt>
              <dd style={{ color: 'var(--warning)' }}>{e.resignationDate}</dd>
            </>
          ) : null}
          {e.departureDate ? (
            <>
              <dt>Leaves</dt>
              <dd style={{ color: 'var(--warning)' }}>{e.departureDate}</dd>
            </>
          ) : null}
        </dl>
        <div>
          <h3 style={{ marginBottom: 6 }}>Investigations about {e.fullName}</h3>
          {cases.data?.investigations.length === 0 ? (
            <div className="muted">None you can see.</div>
          ) : null}
          {cases.data?.investigations.map((item) => (
            <a
              key={item.id}
              href={`/app/investigations/${item.id}`}
              className="sidebar-link"
              onClick={(event) => {
                event.preventDefault();
                workspace.navigate(`/app/investigations/${item.id}`, {
                  newTab: event.ctrlKey || event.metaKey,
                });
              }}
            >
              <span>{item.title}</span>
              <span style={{ display: 'flex', gap: 4 }}>
                <StatusBadge status={item.status} />
                <RiskBadge level={item.riskLevel} />
              </span>
            </a>
          ))}
        </div>
        {props.createBlocked ? (
          <div className="muted">{props.createBlocked}</div>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={() => openDialog({ kind: 'createInvestigation', subjectEmployeeId: e.id })}
          >
            Open investigation about {e.fullName.split(' ')[0]}
          </button>
        )}
      </div>
    </aside>
  );
}
