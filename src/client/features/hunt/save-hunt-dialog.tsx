import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';

import { savedHuntCreateSchema } from '../../../shared/schemas/hunt';
import type { HuntTime } from '../../../shared/schemas/hunt';
import { huntKeys, saveHunt } from '../../api/hunt/hunt';
import { NameDescriptionFields } from '../../components/name-description-fields';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';

const FIELDS = ['name', 'description'] as const;

/**
 * Saves the current hunt (its query and time) with a name, a description, and whether everyone
 * who may hunt sees it or only its author. Checked with the shared schema first; what the
 * server refuses is said beside its field, which takes the focus.
 */
export function SaveHuntDialog(props: { query: string; time: HuntTime; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [shared, setShared] = useState(false);
  const [localError, setLocalError] = useState<unknown>(null);
  const save = useMutation({
    mutationFn: saveHunt,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: huntKeys.saved() });
      toast.success('Search saved');
      props.onClose();
    },
  });
  const problems = useFieldProblems(localError ?? save.error, FIELDS);
  const submitKey = useKeyLabel('form.submit');

  const onSubmit = () => {
    const checked = savedHuntCreateSchema.safeParse({
      name,
      description,
      query: props.query,
      time: props.time,
      visibility: shared ? 'shared' : 'private',
    });
    if (!checked.success) {
      setLocalError(checked.error);
      return;
    }
    setLocalError(null);
    save.mutate(checked.data);
  };

  return (
    <FormDialog
      title="Save search"
      formId="save-hunt"
      action="Save search"
      busyAction="Saving…"
      busy={save.isPending}
      problem={problems.form}
      submitKey={submitKey}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <NameDescriptionFields
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
        errors={problems.fields}
        limits={{ name: 120, description: 2000 }}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={shared}
          onChange={(event) => setShared(event.target.checked)}
        />
        Shared with everyone who may hunt
      </label>
    </FormDialog>
  );
}
