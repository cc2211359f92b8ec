import type { RetentionPreview } from '../../../shared/schemas/retention';
import { useRetentionPreview } from '../../api/privacy/retention';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { formatDate, formatNumber } from '../../components/format';

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What a run now would remove, in one sentence. */
function whatGoes(preview: RetentionPreview): string {
  const { cutoffs } = preview;
  return `Retention will remove ${plural(preview.events, 'event', 'events')} Vigil received before ${formatDate(cutoffs.events)}, ${plural(preview.quarantined, 'quarantined record', 'quarantined records')} set aside before then, ${plural(preview.cases, 'closed case', 'closed cases')} closed before ${formatDate(cutoffs.closedCases)} and ${plural(preview.auditEntries, 'audit entry', 'audit entries')} from before ${formatDate(cutoffs.audit)}. Open cases and legal holds keep theirs. This cannot be undone.`;
}

/**
 * "Run now", asked first: the server counts what a run would remove (nothing is removed to
 * count it) and the dialog says so. Cancel has the focus; Tab then Enter, or Ctrl+Enter, runs.
 */
export function RetentionRunDialog(props: { onCancel: () => void; onRun: () => Promise<void> }) {
  const preview = useRetentionPreview();
  return (
    <ConfirmDeleteDialog
      title="Run retention now?"
      action="Remove now"
      onCancel={props.onCancel}
      onDelete={props.onRun}
    >
      {preview.data
        ? whatGoes(preview.data)
        : preview.error
          ? 'Vigil could not count what retention would remove; running it removes what is past its period.'
          : 'Counting what retention would remove…'}
    </ConfirmDeleteDialog>
  );
}
