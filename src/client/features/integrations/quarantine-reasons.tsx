import type { SkipCount } from '../../../shared/schemas/integrations';
import { formatNumber } from '../../components/format';

/**
 * The quarantine grouped by reason, most frequent first, each with its count: choosing one
 * shows only its records (again, or "All reasons", shows every record).
 */
export function QuarantineReasons(props: {
  reasons: readonly SkipCount[];
  total: number;
  chosen: string | null;
  onChoose: (reason: string | null) => void;
}) {
  if (props.reasons.length === 0) return null;
  return (
    <section className="card" aria-labelledby="quarantine-reasons">
      <header>
        <h2 id="quarantine-reasons">By reason</h2>
      </header>
      <ul className="quarantine-reasons" aria-label="Quarantined by reason">
        <li>
          <button
            type="button"
            className="reason-choice"
            aria-pressed={props.chosen === null}
            onClick={() => props.onChoose(null)}
          >
            <span>All reasons</span>
            <strong>{formatNumber(props.total)}</strong>
          </button>
        </li>
        {props.reasons.map((r) => (
          <li key={r.reason}>
            <button
              type="button"
              className="reason-choice"
              aria-pressed={props.chosen === r.reason}
              onClick={() => props.onChoose(props.chosen === r.reason ? null : r.reason)}
            >
              <span>{r.reason}</span>
              <strong>{formatNumber(r.count)}</strong>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
