import { useCaseReveals } from '../api/privacy/case-reveals';
import { formatDateTime } from '../components/format';

/**
 * Where a request to reveal a case's subject stands, beside the subject: waiting for a privacy
 * officer, or revealed until its expiry. Nothing while no request holds.
 */
export function SubjectRevealStatus(props: { investigationId: string; subjectId: string }) {
  const reveals = useCaseReveals(props.investigationId);
  const holding = (reveals.data?.reveals ?? []).find(
    (r) => r.employeeId === props.subjectId && (r.status === 'pending' || r.status === 'granted'),
  );
  if (!holding) return null;
  return (
    <>
      <dt>Reveal</dt>
      <dd>
        {/* The status inside the dd: a dl may hold only dt and dd (axe: definition-list). */}
        <span role="status">
          {holding.status === 'pending'
            ? `Asked by ${holding.requestedBy.displayName} on ${formatDateTime(holding.requestedAt)}, waiting for a privacy officer`
            : `Revealed until ${formatDateTime(holding.expiresAt)} (asked by ${holding.requestedBy.displayName})`}
        </span>
      </dd>
    </>
  );
}
