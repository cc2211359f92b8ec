import { failingSentence, failingTooLong } from '../../../shared/collection-alarm';
import type { Integration } from '../../../shared/schemas/integrations';
import { Tooltip } from '../../components/tooltip';

const STATE_WORDS = {
  idle: 'Collecting',
  polling: 'Polling',
  backing_off: 'Backing off',
  failing: 'Failing',
  paused: 'Paused',
} as const;

/** The collection column's words: the collector's state, or that it has failed too long and why. */
export function collectorText(integration: Integration, now: number): string {
  const collection = integration.collection;
  if (!collection) return '';
  const since = failingTooLong(collection, now);
  return since === null
    ? STATE_WORDS[collection.state]
    : `Failing: ${failingSentence(collection, since, now)}`;
}

/**
 * A collector in the integrations list: a badge of its state and, when it has failed for more
 * than 15 minutes, the sentence saying for how long and why. Nothing for a source that is only
 * pushed, uploaded or loaded from the command line.
 */
export function CollectorAlarm(props: { integration: Integration; now: number }) {
  const collection = props.integration.collection;
  if (!collection) return <span className="faint">Not collected</span>;
  const since = failingTooLong(collection, props.now);
  if (since === null) {
    return (
      <span className={`badge collection-${collection.state}`}>
        {STATE_WORDS[collection.state]}
      </span>
    );
  }
  const sentence = failingSentence(collection, since, props.now);
  // The cell cuts a long sentence; the tooltip (and the CSV) has it whole.
  return (
    <Tooltip content={sentence}>
      <span className="collector-alarm">
        <span className="badge collection-alarm">Failing</span> {sentence}
      </span>
    </Tooltip>
  );
}
