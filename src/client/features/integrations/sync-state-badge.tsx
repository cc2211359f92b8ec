import type { IntegrationState } from '../../../shared/schemas/integrations';

const LABELS: Record<IntegrationState, string> = {
  disabled: 'Disabled',
  waiting: 'Waiting for data',
  succeeded: 'Synced',
  rejected: 'Last batch rejected',
  failed: 'Last batch failed',
};

/** Where an integration stands: disabled, never synced, or how its last batch went. */
export function SyncStateBadge(props: { state: IntegrationState }) {
  return <span className={`badge sync-${props.state}`}>{LABELS[props.state]}</span>;
}

/** The label of a state, for sorting, filtering and CSV. */
export function syncStateLabel(state: IntegrationState): string {
  return LABELS[state];
}
