import type { LegalHold } from '../../../shared/schemas/retention';
import { Tooltip } from '../../components/tooltip';

/**
 * "Legal hold" in a case's header while one holds: retention keeps the case and its evidence.
 * The tooltip says since when, who placed it and why.
 */
export function LegalHoldBadge(props: { hold: LegalHold | null }) {
  const { hold } = props;
  if (!hold) return null;
  const since = new Date(hold.at).toISOString().slice(0, 10);
  const who = hold.by.displayName || hold.by.email;
  return (
    <Tooltip content={`On legal hold since ${since} (${who}): ${hold.reason}`}>
      <span
        className="badge"
        style={{ borderColor: 'var(--warning)', color: 'var(--warning)' }}
        aria-label={`Legal hold since ${since}: ${hold.reason}`}
      >
        Legal hold
      </span>
    </Tooltip>
  );
}
