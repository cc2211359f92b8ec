import { useState } from 'react';
import { toast } from 'sonner';

import { createWatchlistBodySchema } from '../../../shared/schemas/watchlists';
import { useEmployees } from '../../api/employees/list-employees';
import { useCreateWatchlist } from '../../api/watchlists/create-watchlist';
import { Field } from '../../components/field';
import { NameDescriptionFields } from '../../components/name-description-fields';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';
import { EmployeePicker } from './employee-picker';

const FIELDS = ['name', 'description', 'employeeIds'] as const;

/**
 * A watchlist kept by hand: its name, what it is for, and its first members picked from the
 * directory. Checked with the shared schema first; what the server refuses (a name taken, an
 * unknown person) is said beside its field, which takes the focus.
 */
export function CreateWatchlistDialog(props: { onClose: () => void }) {
  const employees = useEmployees();
  const create = useCreateWatchlist();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [localError, setLocalError] = useState<unknown>(null);
  const problems = useFieldProblems(localError ?? create.error, FIELDS);
  const submitKey = useKeyLabel('form.submit');

  const onSubmit = () => {
    const checked = createWatchlistBodySchema.safeParse({
      name,
      description,
      employeeIds: chosen,
    });
    if (!checked.success) {
      setLocalError(checked.error);
      return;
    }
    setLocalError(null);
    create.mutate(checked.data, {
      onSuccess: (list) => {
        toast.success(
          `Watchlist created: ${list.name} (${list.members} ${list.members === 1 ? 'person' : 'people'})`,
        );
        props.onClose();
      },
    });
  };

  return (
    <FormDialog
      title="New watchlist"
      formId="create-watchlist"
      action="Create watchlist"
      busyAction="Creating…"
      busy={create.isPending}
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
        limits={{ name: 100, description: 1000 }}
      />
      <Field
        label="People"
        error={problems.fields.employeeIds}
        hint={
          employees.isLoading
            ? 'Loading the directory…'
            : 'Type to find someone, Enter adds them. Rules limited to this list watch only them.'
        }
      >
        <EmployeePicker
          employees={employees.data?.employees ?? []}
          chosen={chosen}
          onChange={setChosen}
        />
      </Field>
    </FormDialog>
  );
}
