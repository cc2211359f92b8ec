import { useState } from 'react';
import { toast } from 'sonner';

import { createWatchlistBodySchema } from '../../../shared/schemas/watchlists';
import { useEmployees } from '../../api/employees/list-employees';
import { useCreateWatchlist } from '../../api/watchlists/create-watchlist';
import { Field } from '../../components/field';
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
      <Field label="Name" error={problems.fields.name}>
        <input
          className="input"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </Field>
      <Field label="Description" error={problems.fields.description}>
        <textarea
          className="textarea"
          rows={2}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
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
