import { useState } from 'react';
import { toast } from 'sonner';

import { evidencePages, evidencePageSlugs } from '../../../shared/findings/catalogue';
import type { EvidencePageSlug } from '../../../shared/findings/catalogue';
import {
  investigationTypes,
  MAX_WINDOW_DAYS,
  typeLabels,
} from '../../../shared/investigation-model';
import type { InvestigationType } from '../../../shared/investigation-model';
import { reportSectionLabels, reportSections } from '../../../shared/report-sections';
import type { ReportSection } from '../../../shared/report-sections';
import { createTemplateBodySchema, MAX_CHECKLIST_STEPS } from '../../../shared/schemas/templates';
import type { CaseTemplate, StepInput } from '../../../shared/schemas/templates';
import { useSaveTemplate } from '../../api/templates/save-template';
import { useTemplates } from '../../api/templates/list-templates';
import { Field, FieldGroup } from '../../components/field';
import { NameDescriptionFields } from '../../components/name-description-fields';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { Loading } from '../../components/loading';
import { useKeyLabel } from '../../keymap/key-hint';

const FIELDS = [
  'name',
  'description',
  'caseType',
  'windowDays',
  'steps',
  'evidencePages',
  'reportSections',
] as const;

/**
 * The lines of the steps box as steps to send. With as many lines as steps before, each line
 * keeps the id of the step in its place (a reworded step stays the same step for the cases
 * and the audit log); otherwise the server keeps the ids of lines whose label is unchanged.
 */
function stepsFrom(text: string, before: CaseTemplate['steps']): StepInput[] {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length !== before.length) return lines.map((label) => ({ label }));
  return lines.map((label, index) => ({ id: before[index]!.id, label }));
}

/** Adds or removes one value of a checkbox group, keeping the catalogue's order. */
function toggled<T extends string>(
  order: readonly T[],
  chosen: readonly T[],
  value: T,
  on: boolean,
) {
  const next = new Set(chosen);
  if (on) next.add(value);
  else next.delete(value);
  return order.filter((item) => next.has(item));
}

/** The template editor (admins): a new template, or the one `templateId` names. */
export function TemplateEditorDialog(props: { templateId?: string; onClose: () => void }) {
  const templates = useTemplates();
  if (templates.isPending) return <Loading />;
  const template = props.templateId
    ? (templates.data?.templates.find((t) => t.id === props.templateId) ?? null)
    : null;
  return <TemplateForm template={template} onClose={props.onClose} />;
}

/**
 * Name, description, case type, window, the steps one per line, and the pages and report
 * sections as checkboxes. Checked with the shared schema first; what the server refuses (a
 * name taken) is said beside its field, which takes the focus.
 */
function TemplateForm(props: { template: CaseTemplate | null; onClose: () => void }) {
  const before = props.template;
  const save = useSaveTemplate();
  const [name, setName] = useState(before?.name ?? '');
  const [description, setDescription] = useState(before?.description ?? '');
  const [caseType, setCaseType] = useState<InvestigationType>(before?.caseType ?? 'other');
  const [windowDays, setWindowDays] = useState(String(before?.windowDays ?? 90));
  const [steps, setSteps] = useState(before?.steps.map((step) => step.label).join('\n') ?? '');
  const [pages, setPages] = useState<EvidencePageSlug[]>(before?.evidencePages ?? []);
  const [sections, setSections] = useState<ReportSection[]>(
    before?.reportSections ?? [...reportSections],
  );
  const [localError, setLocalError] = useState<unknown>(null);
  const problems = useFieldProblems(localError ?? save.error, FIELDS);
  const submitKey = useKeyLabel('form.submit');

  const onSubmit = () => {
    const checked = createTemplateBodySchema.safeParse({
      name,
      description,
      caseType,
      windowDays: Number(windowDays),
      steps: stepsFrom(steps, before?.steps ?? []),
      evidencePages: pages,
      reportSections: sections,
    });
    if (!checked.success) {
      setLocalError(checked.error);
      return;
    }
    setLocalError(null);
    save.mutate(
      { id: before?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(`${before ? 'Template saved' : 'Template created'}: ${saved.name}`);
          props.onClose();
        },
      },
    );
  };

  const lineCount = steps.split('\n').filter((line) => line.trim() !== '').length;
  return (
    <FormDialog
      title={before ? `Edit template: ${before.name}` : 'New template'}
      formId="template-editor"
      action={before ? 'Save template' : 'Create template'}
      busyAction="Saving…"
      wide
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
        limits={{ name: 100, description: 2000 }}
      />
      <div className="grid-2" style={{ gap: 10 }}>
        <Field label="Case type" error={problems.fields.caseType}>
          <select
            className="select"
            value={caseType}
            onChange={(event) => setCaseType(event.target.value as InvestigationType)}
          >
            {investigationTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Window (days back from today)"
          error={problems.fields.windowDays}
          hint={`1 to ${MAX_WINDOW_DAYS}; a case can still choose its own dates.`}
        >
          <input
            className="input"
            type="number"
            min={1}
            max={MAX_WINDOW_DAYS}
            value={windowDays}
            onChange={(event) => setWindowDays(event.target.value)}
          />
        </Field>
      </div>
      <Field
        label="Checklist steps, one per line"
        error={problems.fields.steps}
        hint={`${lineCount} of at most ${MAX_CHECKLIST_STEPS} steps. Cases already opened keep their own copy.`}
      >
        <textarea
          className="textarea"
          rows={8}
          value={steps}
          onChange={(event) => setSteps(event.target.value)}
        />
      </Field>
      <FieldGroup legend="Evidence pages to review" error={problems.fields.evidencePages}>
        <div className="checkbox-grid">
          {evidencePageSlugs.map((page) => (
            <label key={page} className="checkbox">
              <input
                type="checkbox"
                checked={pages.includes(page)}
                onChange={(event) =>
                  setPages(toggled(evidencePageSlugs, pages, page, event.target.checked))
                }
              />
              {evidencePages[page].title}
            </label>
          ))}
        </div>
      </FieldGroup>
      <FieldGroup legend="Report sections" error={problems.fields.reportSections}>
        <div className="checkbox-grid">
          {reportSections.map((section) => (
            <label key={section} className="checkbox">
              <input
                type="checkbox"
                checked={sections.includes(section)}
                onChange={(event) =>
                  setSections(toggled(reportSections, sections, section, event.target.checked))
                }
              />
              {reportSectionLabels[section]}
            </label>
          ))}
        </div>
      </FieldGroup>
    </FormDialog>
  );
}
