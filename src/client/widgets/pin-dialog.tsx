import { useAtom } from 'jotai';
import { useState } from 'react';
import { toast } from 'sonner';

import { pinDraftAtom } from '../state/pin-draft';
import { useCreatePin } from '../api/findings/pins';
import { hashLabel } from '../../shared/schemas/findings/pins';
import { Field } from '../components/field';
import { FormDialog } from '../components/form-dialog';

/**
 * Asks for a note, then pins the drafted row or event to the case's evidence: the server
 * captures the content itself and answers with its SHA-256, which the toast shows. `page`
 * limits the dialog to drafts made on one screen (the incident timeline's `p`), so two screens
 * side by side do not both answer the same draft.
 */
export function PinDialog(props: { investigationId: string; page?: string }) {
  const [draft, setDraft] = useAtom(pinDraftAtom);
  if (!draft || draft.investigationId !== props.investigationId) return null;
  if (props.page !== undefined && draft.target.page !== props.page) return null;
  return (
    <PinForm
      key={draft.target.ref}
      investigationId={props.investigationId}
      onClose={() => setDraft(null)}
    />
  );
}

function PinForm(props: { investigationId: string; onClose: () => void }) {
  const [draft] = useAtom(pinDraftAtom);
  const [note, setNote] = useState('');
  const create = useCreatePin(props.investigationId);
  if (!draft) return null;
  const submit = () =>
    create.mutate(
      { ...draft.target.body, note },
      {
        onSuccess: (pin) => {
          toast.success('Pinned to evidence', {
            description: `${pin.label} · ${hashLabel(pin.hash)} ${pin.contentSha256?.slice(0, 12) ?? ''}…`,
          });
          props.onClose();
        },
        onError: (error) => toast.error('Could not pin', { description: error.message }),
      },
    );
  return (
    <FormDialog
      title="Pin to evidence"
      formId="pin-form"
      action="Pin"
      busy={create.isPending}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <div>
        <div className="muted">{draft.target.page ?? 'Event'}</div>
        <strong>{draft.target.label}</strong>
      </div>
      <Field
        label="Note"
        hint="Why this matters; the locker shows it beside the pin. The server captures the row and its SHA-256. Ctrl+Enter pins."
      >
        <textarea
          className="textarea"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          // Enter writes a new line in a note; Ctrl (Cmd) + Enter sends it, as in every form.
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
