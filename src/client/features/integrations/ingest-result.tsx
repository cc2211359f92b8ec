import { Link } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';
import type { IngestErrorItem, SkipCount } from '../../../shared/schemas/integrations';
import { formatNumber } from '../../components/format';

/**
 * Counts of one batch: its records set aside in quarantine by reason, and the first of them
 * (or, when the file was refused whole, why) with their positions.
 */
export function IngestResult(props: {
  status: 'succeeded' | 'rejected';
  records: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  quarantined: number;
  quarantines: readonly SkipCount[];
  errors: readonly IngestErrorItem[];
  message?: string | undefined;
  /** The integration whose quarantine holds the records set aside (a link to it is shown). */
  quarantineId?: string;
}) {
  return (
    <div className="stack" role="status">
      {props.status === 'rejected' ? (
        <div className="alert error">
          {props.message ?? 'The batch was rejected; nothing was written.'}
        </div>
      ) : null}
      <div className="counts">
        <span>
          Records <strong>{formatNumber(props.records)}</strong>
        </span>
        <span>
          Accepted <strong>{formatNumber(props.accepted)}</strong>
        </span>
        <span>
          Duplicate <strong>{formatNumber(props.duplicate)}</strong>
        </span>
        <span>
          Quarantined <strong>{formatNumber(props.quarantined)}</strong>
        </span>
      </div>
      {props.quarantined > 0 && props.quarantineId ? (
        <div>
          <Link to={buildPath('integrationQuarantine', { integrationId: props.quarantineId })}>
            Open the quarantine
          </Link>{' '}
          to see each record set aside, try them again or download them.
        </div>
      ) : null}
      {props.quarantines.length > 0 ? (
        <ul className="ingest-errors" aria-label="Quarantined by reason">
          {props.quarantines.map((q) => (
            <li key={q.reason}>
              {q.reason}: <strong>{formatNumber(q.count)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {props.errors.length > 0 ? (
        <ol
          className="ingest-errors"
          aria-label={
            props.status === 'rejected' ? 'Why the file was refused' : 'Quarantined records'
          }
        >
          {props.errors.map((e) => (
            <li key={`${e.position}-${e.reason}`}>
              <span className="mono">record {e.position}</span>: {e.reason}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
