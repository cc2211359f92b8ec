import { evidencePages } from '../../../shared/findings/catalogue';
import { typeLabels } from '../../../shared/investigation-model';
import type { Permission } from '../../../shared/permissions';
import { reportSectionLabels } from '../../../shared/report-sections';
import type { CaseTemplate } from '../../../shared/schemas/templates';
import { templateActionBlocked } from '../../commands/templates/template-availability';
import { CommandButton } from '../../components/command-button';
import { formatDateTime } from '../../components/format';
import { Tooltip } from '../../components/tooltip';
import { useKeyLabel } from '../../keymap/key-hint';

/**
 * One template beside the list, read only: what a case opened from it starts with (type,
 * window, checklist), the pages to review and the report's sections; buttons to open a case
 * from it and, for admins, to edit or delete it. The buttons act on this template.
 */
export function TemplateDetail(props: {
  template: CaseTemplate;
  permissions: ReadonlySet<Permission>;
  /** Opens the New investigation dialog with this template chosen. */
  onOpenCase: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { template } = props;
  const editKey = useKeyLabel('template.edit');
  const deleteKey = useKeyLabel('template.delete');
  const withKey = (text: string, key: string) => (key ? `${text} (${key} in the list)` : text);
  return (
    <aside className="card template-detail" aria-label={`Template ${template.name}`}>
      <header>
        <h2>{template.name}</h2>
        <Tooltip content="Close">
          <button
            type="button"
            className="button ghost small"
            aria-label="Close template"
            onClick={props.onClose}
          >
            ×
          </button>
        </Tooltip>
      </header>
      <div className="card-body stack">
        <div className="template-badges">
          <span className="badge">{typeLabels[template.caseType]}</span>
          <span className="badge">last {template.windowDays} days</span>
          <span className="badge">{template.shipped ? 'Shipped' : 'Custom'}</span>
        </div>
        {template.description ? (
          <p className="template-description">{template.description}</p>
        ) : null}
        <div className="toolbar">
          <button type="button" className="button primary" onClick={props.onOpenCase}>
            New investigation from this template…
          </button>
          <CommandButton
            className="button"
            disabledReason={templateActionBlocked('edit', props.permissions, template)}
            hint={withKey('Change the steps, pages and sections', editKey)}
            onClick={props.onEdit}
          >
            Edit…
          </CommandButton>
          <CommandButton
            className="button danger"
            disabledReason={templateActionBlocked('delete', props.permissions, template)}
            hint={withKey('Asks first; cases opened from it keep their checklist', deleteKey)}
            onClick={props.onDelete}
          >
            Delete…
          </CommandButton>
        </div>
        <section aria-labelledby="template-steps">
          <h3 id="template-steps">Checklist ({template.steps.length} steps)</h3>
          <ol className="template-steps">
            {template.steps.map((step) => (
              <li key={step.id}>{step.label}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="template-pages">
          <h3 id="template-pages">Evidence pages to review</h3>
          <p>
            {template.evidencePages.length > 0
              ? template.evidencePages.map((page) => evidencePages[page].title).join(', ')
              : 'None chosen'}
          </p>
        </section>
        <section aria-labelledby="template-sections">
          <h3 id="template-sections">Report sections</h3>
          <p>
            {template.reportSections.length > 0
              ? template.reportSections.map((section) => reportSectionLabels[section]).join(', ')
              : 'The cover only'}
          </p>
        </section>
        <p className="faint">
          {template.updatedBy
            ? `Changed by ${template.updatedBy.displayName} on ${formatDateTime(template.updatedAt)}`
            : `Shipped with Vigil; unchanged since ${formatDateTime(template.createdAt)}`}
        </p>
      </div>
    </aside>
  );
}
