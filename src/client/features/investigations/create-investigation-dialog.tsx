import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';

import type { InvestigationType, RiskLevel } from '../../../shared/investigation-model';
import type { CaseTemplate } from '../../../shared/schemas/templates';
import { useEmployees } from '../../api/employees/list-employees';
import { useDebouncedValue } from '../../components/data-table/view-state';
import { useCreateInvestigation } from '../../api/investigations/create-investigation';
import { useTemplates } from '../../api/templates/list-templates';
import { Dialog } from '../../components/dialog';
import { Field, FormProblem } from '../../components/field';
import { fieldProblems, useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { toDateInput } from '../../components/format';
import { openDialogAtom } from '../../state/dialogs';
import { workspace } from '../../workspace/workspace-controller';
import { describeFailure } from './error-message';
import { AssigneeSelect, RiskSelect, TypeSelect } from './investigation-selects';

const DAY = 86_400_000;

/** The fields of the form, named as the API names them, in the order they appear. */
const FIELDS = [
  'subjectEmployeeId',
  'title',
  'type',
  'riskLevel',
  'windowStart',
  'windowEnd',
  'assigneeUserId',
] as const;

/**
 * Opens a case: subject from the employee directory, title, type, risk, window and assignee.
 * From a template ("New investigation from template…"), its type and window come chosen and the
 * case gets its checklist.
 */
export function CreateInvestigationDialog() {
  const [dialog, setDialog] = useAtom(openDialogAtom);
  if (dialog?.kind !== 'createInvestigation') return null;
  const close = () => setDialog(null);
  if (dialog.templateId) {
    return (
      <FromTemplate
        templateId={dialog.templateId}
        initialSubject={dialog.subjectEmployeeId ?? ''}
        onClose={close}
      />
    );
  }
  return <CreateForm initialSubject={dialog.subjectEmployeeId ?? ''} onClose={close} />;
}

/** Waits for the template (usually cached: the palette listed it), then opens the form with it. */
function FromTemplate(props: { templateId: string; initialSubject: string; onClose: () => void }) {
  const templates = useTemplates();
  if (templates.isPending) return null;
  const template = templates.data?.templates.find((t) => t.id === props.templateId);
  if (!template) {
    return (
      <Dialog title="New investigation" onClose={props.onClose}>
        <FormProblem>
          {templates.isError
            ? `The templates could not be loaded: ${templates.error.message}`
            : 'This template no longer exists: choose another one.'}
        </FormProblem>
      </Dialog>
    );
  }
  return (
    <CreateForm initialSubject={props.initialSubject} template={template} onClose={props.onClose} />
  );
}

function CreateForm(props: {
  initialSubject: string;
  template?: CaseTemplate;
  onClose: () => void;
}) {
  const { template } = props;
  const employees = useEmployees();
  const create = useCreateInvestigation();
  const [search, setSearch] = useState('');
  const [subject, setSubject] = useState(props.initialSubject);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<InvestigationType>(template?.caseType ?? 'data_exfiltration');
  // Low leaves the level to the evidence; a higher choice is a level set by hand, by the creator.
  const [risk, setRisk] = useState<RiskLevel>('low');
  const [assignee, setAssignee] = useState('');
  // A template's window is so many days through today; otherwise the last 90 days.
  const [windowStart, setWindowStart] = useState(
    toDateInput(Date.now() - (template ? template.windowDays - 1 : 90) * DAY),
  );
  const [windowEnd, setWindowEnd] = useState(toDateInput(Date.now() + DAY));
  const [problem, setProblem] = useState<string | null>(null);
  const problems = useFieldProblems(create.error, FIELDS);
  const errors = problems.fields;

  // The directory holds pseudonyms: the server also searches what the browser never sees (a
  // real name, for those who may reveal identities; audited there), and its finds join the list.
  const asked = useDebouncedValue(search.trim(), 300);
  const found = useEmployees(asked || undefined);
  const matches = useMemo(() => {
    const all = employees.data?.employees ?? [];
    const needle = search.trim().toLowerCase();
    const filtered = needle
      ? all.filter((e) =>
          `${e.fullName} ${e.email} ${e.id} ${e.department ?? ''}`.toLowerCase().includes(needle),
        )
      : all;
    const seen = new Set(filtered.map((e) => e.id));
    const fromServer =
      needle && asked ? (found.data?.employees ?? []).filter((e) => !seen.has(e.id)) : [];
    return [...filtered, ...fromServer].slice(0, 200);
  }, [employees.data, search, asked, found.data]);

  // The person chosen, or the best match of a search so typing a name is enough. Nobody until
  // then: a case about whoever sorts first would be opened by a mere Enter.
  const searching = search.trim() !== '';
  const chosen = matches.some((e) => e.id === subject)
    ? subject
    : searching
      ? (matches[0]?.id ?? '')
      : '';

  const onSubmit = () => {
    if (!chosen) {
      setProblem('Choose the employee the investigation is about.');
      return;
    }
    setProblem(null);
    create.mutate(
      {
        title,
        subjectEmployeeId: chosen,
        type,
        riskLevel: risk,
        assigneeUserId: assignee || null,
        windowStart,
        windowEnd,
        ...(template ? { templateId: template.id } : {}),
      },
      {
        onSuccess: (created) => {
          toast.success(`Investigation opened: ${created.title}`);
          props.onClose();
          workspace.navigate(`/app/investigations/${created.id}`);
        },
        onError: (error) => {
          const { title: message, description } = describeFailure(
            error,
            fieldProblems(error, FIELDS),
          );
          toast.error(message, { description });
        },
      },
    );
  };

  return (
    <FormDialog
      title={template ? `New investigation: ${template.name}` : 'New investigation'}
      formId="create-investigation"
      action="Open investigation"
      busyAction="Opening…"
      busy={create.isPending}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      {template ? (
        <p className="faint" style={{ margin: 0 }}>
          From the template {template.name}: {template.steps.length} checklist steps, the last{' '}
          {template.windowDays} days.
        </p>
      ) : null}
      <Field
        label="Find the subject"
        hint={`${employees.data?.total ?? 0} employees in the directory`}
      >
        <input
          className="input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, email, id or department"
          autoFocus
        />
      </Field>
      <Field label="Subject" error={problem ?? errors.subjectEmployeeId}>
        <select
          className="select"
          size={6}
          style={{ height: 'auto' }}
          value={chosen}
          onChange={(e) => setSubject(e.target.value)}
        >
          {/* Without an option of its own, React would show the first person as chosen. */}
          <option value="" disabled hidden>
            Nobody chosen
          </option>
          {matches.length === 0 ? <option disabled>No employees match</option> : null}
          {matches.map((e) => (
            <option key={e.id} value={e.id}>
              {e.fullName} · {e.title ?? '—'} · {e.department ?? '—'} ({e.id})
            </option>
          ))}
        </select>
      </Field>
      <Field label="Title" error={errors.title}>
        <input
          className="input"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="What is suspected"
        />
      </Field>
      <div className="grid-2" style={{ gap: 10 }}>
        <Field label="Type" error={errors.type}>
          <TypeSelect value={type} onChange={setType} />
        </Field>
        <Field
          label="Risk"
          error={errors.riskLevel}
          hint="The analysis sets it from the evidence; choose higher only to raise it by hand."
        >
          <RiskSelect value={risk} onChange={setRisk} />
        </Field>
        <Field label="Window starts" error={errors.windowStart}>
          <input
            className="input"
            type="date"
            value={windowStart}
            onChange={(e) => setWindowStart(e.target.value)}
          />
        </Field>
        <Field label="Window ends" error={errors.windowEnd}>
          <input
            className="input"
            type="date"
            value={windowEnd}
            onChange={(e) => setWindowEnd(e.target.value)}
          />
        </Field>
      </div>
      <Field label="Assignee" error={errors.assigneeUserId}>
        <AssigneeSelect value={assignee} onChange={setAssignee} />
      </Field>
    </FormDialog>
  );
}
