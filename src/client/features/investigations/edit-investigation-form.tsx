import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import { statusLabels, statusTransitions } from '../../../shared/investigation-model';
import type {
  InvestigationStatus,
  InvestigationType,
  RiskLevel,
} from '../../../shared/investigation-model';
import type {
  Investigation,
  UpdateInvestigationBody,
} from '../../../shared/schemas/investigations';
import { useUpdateInvestigation } from '../../api/investigations/update-investigation';
import { Field, FormProblem } from '../../components/field';
import { fieldProblems, useFieldProblems } from '../../components/field-problems';
import { toDateInput } from '../../components/format';
import { describeFailure } from './error-message';
import { AssigneeSelect, RiskSelect, TypeSelect } from './investigation-selects';

/** The fields of the form, named as the API names them, in the order they appear. */
const FIELDS = [
  'title',
  'status',
  'riskLevel',
  'type',
  'assigneeUserId',
  'windowStart',
  'windowEnd',
  'description',
] as const;

/** Edits a case with PATCH; only changed fields are sent, and the server's messages show per field. */
export function EditInvestigationForm(props: { investigation: Investigation; onDone: () => void }) {
  const current = props.investigation;
  const update = useUpdateInvestigation(current.id);
  const [title, setTitle] = useState(current.title);
  const [description, setDescription] = useState(current.description);
  const [status, setStatus] = useState<InvestigationStatus>(current.status);
  const [riskLevel, setRiskLevel] = useState<RiskLevel>(current.riskLevel);
  const [type, setType] = useState<InvestigationType>(current.type);
  const [assignee, setAssignee] = useState(current.assignee?.id ?? '');
  const [windowStart, setWindowStart] = useState(toDateInput(current.windowStart));
  const [windowEnd, setWindowEnd] = useState(toDateInput(current.windowEnd));
  const problems = useFieldProblems(update.error, FIELDS);
  const errors = problems.fields;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateInvestigationBody = {};
    if (title !== current.title) body.title = title;
    if (description !== current.description) body.description = description;
    if (status !== current.status) body.status = status;
    if (riskLevel !== current.riskLevel) body.riskLevel = riskLevel;
    if (type !== current.type) body.type = type;
    if (assignee !== (current.assignee?.id ?? '')) body.assigneeUserId = assignee || null;
    if (windowStart !== toDateInput(current.windowStart)) body.windowStart = windowStart;
    if (windowEnd !== toDateInput(current.windowEnd)) body.windowEnd = windowEnd;
    if (Object.keys(body).length === 0) {
      props.onDone();
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast.success('Investigation updated');
        props.onDone();
      },
      onError: (error) => {
        const { title: message, description: detail } = describeFailure(
          error,
          fieldProblems(error, FIELDS),
        );
        toast.error(message, { description: detail });
      },
    });
  };

  // Closing asks for an outcome and a reason: its own dialog does that, not this select.
  const statuses: InvestigationStatus[] = [
    current.status,
    ...statusTransitions[current.status],
  ].filter((value) => value !== 'closed' || current.status === 'closed');
  return (
    <form
      ref={problems.formRef}
      onSubmit={onSubmit}
      style={{ display: 'grid', gap: 10 }}
      noValidate
    >
      <Field label="Title" error={errors.title}>
        <input className="input" value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <div className="grid-2" style={{ gap: 10 }}>
        <Field
          label="Status"
          error={errors.status}
          hint="Only the allowed next statuses are offered. To close, use Close Investigation… (it asks for the outcome)."
        >
          <select
            className="select"
            value={status}
            onChange={(e) => setStatus(e.target.value as InvestigationStatus)}
          >
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Risk" error={errors.riskLevel}>
          <RiskSelect value={riskLevel} onChange={setRiskLevel} />
        </Field>
        <Field label="Type" error={errors.type}>
          <TypeSelect value={type} onChange={setType} />
        </Field>
        <Field label="Assignee" error={errors.assigneeUserId}>
          <AssigneeSelect value={assignee} onChange={setAssignee} />
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
      <Field label="Description" error={errors.description}>
        <textarea
          className="textarea"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <FormProblem>{problems.form}</FormProblem>
      <div className="toolbar" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="button" onClick={props.onDone}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
