import { outcomeLabels } from '../../../shared/investigation-model';
import type { Investigation } from '../../../shared/schemas/investigations';
import { usePermissions } from '../../api/auth/me';
import { formatDateTime } from '../../components/format';
import { CaseCommandButton } from './case-command-button';
import './case-record.css';

/**
 * A closed case's outcome and its reason, at the top of the overview where nobody misses them,
 * with the way back: reopening, which asks why.
 */
export function CaseOutcome(props: { investigation: Investigation }) {
  const { investigation } = props;
  const permissions = usePermissions();
  if (investigation.status !== 'closed') return null;
  return (
    <section className="case-outcome" aria-labelledby="case-outcome-title">
      <div>
        <h2 id="case-outcome-title">
          Closed:{' '}
          {investigation.outcome ? outcomeLabels[investigation.outcome] : 'no outcome recorded'}
        </h2>
        {investigation.outcomeReason ? (
          <p className="case-outcome-reason">{investigation.outcomeReason}</p>
        ) : null}
        <p className="muted">
          Closed {formatDateTime(investigation.closedAt)}. The case is read-only until it is
          reopened.
        </p>
      </div>
      <CaseCommandButton
        command="investigation.reopen"
        hint="Reopen the case; asks for the reason"
        disabledReason={
          permissions.has('investigations.write')
            ? null
            : 'Your role does not allow changing investigations.'
        }
      >
        Reopen…
      </CaseCommandButton>
    </section>
  );
}
