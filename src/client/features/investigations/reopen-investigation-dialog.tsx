import { toast } from 'sonner';

import { useUpdateInvestigation } from '../../api/investigations/update-investigation';
import { ReasonDialog } from '../../components/reason-dialog';

/** Reopens a closed case, which needs a reason; the history keeps it with the old outcome. */
export function ReopenInvestigationDialog(props: { investigationId: string; onClose: () => void }) {
  const update = useUpdateInvestigation(props.investigationId);
  return (
    <ReasonDialog
      title="Reopen investigation"
      action="Reopen"
      hint="Why the case is opened again (new evidence, a request from HR…). Ctrl+Enter reopens."
      formId="reopen-investigation-form"
      pending={update.isPending}
      error={update.error}
      onClose={props.onClose}
      onSubmit={(reason) =>
        update.mutate(
          { status: 'open', reason },
          {
            onSuccess: () => {
              toast.success('Investigation reopened');
              props.onClose();
            },
          },
        )
      }
    />
  );
}
