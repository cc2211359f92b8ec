import type { IngestErrorItem } from '../../../shared/schemas/integrations';
import { formatNumber } from '../../components/format';

/** Counts of one batch and, when it was rejected, its errors with their positions. */
export function IngestResult(props: {
  status: 'succeeded' | 'rejected';
  records: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  errors: readonly IngestErrorItem[];
  message?: string | undefined;
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
          Rejected <strong>{formatNumber(props.rejected)}</strong>
        </span>
      </div>
      {props.errors.length > 0 ? (
        <ol className="ingest-errors" aria-label="Rejected records">
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
