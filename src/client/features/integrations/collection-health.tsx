import type { CollectionState, CollectionStatus } from '../../../shared/schemas/collection';
import { formatNumber, formatRelative } from '../../components/format';

const STATE_LABELS: Record<CollectionState, string> = {
  idle: 'Healthy',
  polling: 'Polling',
  backing_off: 'Backing off',
  failing: 'Failing',
  paused: 'Paused',
};

function lag(seconds: number | null): string {
  if (seconds === null) return 'no event yet';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** How a collector is doing: its state, when it polled and will poll, lag, events today, the last error. */
export function CollectionHealth(props: { status: CollectionStatus }) {
  const { status } = props;
  return (
    <div className="stack" aria-label="Collection health">
      <div className="counts">
        <span className={`badge collection-${status.state}`} data-testid="collection-state">
          {STATE_LABELS[status.state]}
        </span>
        <span>{formatNumber(status.eventsToday)} events today</span>
        <span>lag {lag(status.lagSeconds)}</span>
      </div>
      <dl className="collection-facts">
        <dt>Last poll</dt>
        <dd>{formatRelative(status.lastPollAt)}</dd>
        <dt>Last success</dt>
        <dd>{formatRelative(status.lastSuccessAt)}</dd>
        <dt>Next poll</dt>
        <dd>{status.nextPollAt === null ? 'not scheduled' : formatRelative(status.nextPollAt)}</dd>
      </dl>
      {status.lastError ? (
        <div className="field-error" role="status">
          {status.lastError}
        </div>
      ) : null}
    </div>
  );
}
