import type { AuditEntry } from '../../../shared/schemas/audit';
import { Dialog } from '../../components/dialog';
import { formatDateTimeWithZone } from '../../components/format';

/** One audit entry opened: who, when, from where, and its details as JSON. */
export function AuditEntryDialog(props: { entry: AuditEntry; onClose: () => void }) {
  const e = props.entry;
  return (
    <Dialog title={`Audit entry ${e.id}`} wide onClose={props.onClose}>
      <dl className="dl">
        <dt>Time</dt>
        <dd>{formatDateTimeWithZone(e.at)}</dd>
        <dt>User</dt>
        <dd>
          {e.actorEmail ?? '—'}{' '}
          {e.actorUserId ? <span className="faint mono">{e.actorUserId}</span> : null}
        </dd>
        <dt>Action</dt>
        <dd className="mono">{e.action}</dd>
        <dt>Target</dt>
        <dd className="mono">{e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—'}</dd>
        <dt>From</dt>
        <dd>
          {e.ip ?? '—'} <span className="faint">{e.userAgent ?? ''}</span>
        </dd>
      </dl>
      <pre className="audit-details" tabIndex={0} aria-label="Details as JSON">
        {JSON.stringify(e.details, null, 2)}
      </pre>
    </Dialog>
  );
}
