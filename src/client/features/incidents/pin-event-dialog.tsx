import { useAtom } from 'jotai';
import { useState } from 'react';
import { toast } from 'sonner';

import { pinDraftAtom } from '../../api/findings/pin-draft';
import { useCreatePin } from '../../api/findings/pins';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';

/** The page name a timeline pin carries, so this dialog answers only for timeline events. */
export const TIMELINE_PIN_PAGE = 'incidents';

/** Asks for a note, then pins the timeline event under the cursor to the case's evidence (p). */
export function PinEventDialog(props: { investigationId: string }) {
  const [draft, setDraft] = useAtom(pinDraftAtom);
  if (
    !draft ||
    draft.investigationId !== props.investigationId ||
    draft.target.page !== TIMELINE_PIN_PAGE
  )
    return null;
  return (
    <PinForm
      key={draft.target.ref}
      investigationId={props.investigationId}
      label={draft.target.label}
      onClose={() => setDraft(null)}
    />
  );
}

function PinForm(props: { investigationId: string; label: string; onClose: () => void }) {
  const [draft] = useAtom(pinDraftAtom);
  const [note, setNote] = useState('');
  const create = useCreatePin(props.investigationId);
  const submit = () => {
    if (!draft) return;
    create.mutate(
      { ...draft.target.body, note },
      {
        onSuccess: () => {
          toast.success('Pinned to evidence', { description: props.label });
          props.onClose();
        },
        onError: (error) => toast.error('Could not pin', { description: error.message }),
      },
    );
  };
  return (
    <Dialog
      title="Pin event to evidence"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="pin-event-form"
            className="button primary"
            disabled={create.isPending}
          >
            Pin
          </button>
        </>
      }
    >
      <form
        id="pin-event-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        style={{ display: 'grid', gap: 12 }}
      >
        <strong>{props.label}</strong>
        <Field
          label="Note"
          hint="Why this event matters; the evidence locker shows it beside the pin."
        >
          <textarea
            className="textarea"
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            autoFocus
          />
        </Field>
      </form>
    </Dialog>
  );
}
