import { useState } from 'react';
import { toast } from 'sonner';

import type { Pin } from '../../../../shared/schemas/findings/pins';
import { useRemovePin } from '../../../api/findings/pins';
import { Field } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';

/**
 * Asks why a pin is removed, then removes it: the pin stays listed as a tombstone with who,
 * when and this reason. Ctrl+Enter removes, Escape keeps it.
 */
export function UnpinDialog(props: { investigationId: string; pin: Pin; onClose: () => void }) {
  const { pin, onClose } = props;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useRemovePin(props.investigationId);
  const submit = () => {
    if (!reason.trim()) {
      setProblem('Say why the pin is removed: the tombstone keeps the reason.');
      return;
    }
    remove.mutate(
      { pinId: pin.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('Unpinned: kept as a tombstone', { description: pin.label });
          onClose();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <FormDialog
      title="Unpin evidence"
      formId="unpin-form"
      action="Unpin"
      tone="danger"
      cancel="Keep it"
      busy={remove.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <strong>{pin.label}</strong>
      <Field
        label="Reason"
        hint="The locker keeps the pin struck through, with who removed it and why. Ctrl+Enter unpins."
        error={problem}
      >
        <textarea
          className="textarea"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
