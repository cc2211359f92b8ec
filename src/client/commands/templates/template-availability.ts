import type { Permission } from '../../../shared/permissions';
import type { CaseTemplate } from '../../../shared/schemas/templates';
import { templateTarget } from '../../state/template-target';
import type { CommandContext } from '../command';

/** What can be done to a template from the keyboard, the palette and the screen's buttons. */
export type TemplateAction = 'edit' | 'delete';

/** Said when the template list is not shown. */
export const NO_TEMPLATE_SCREEN = 'Open Templates first (palette: Go to Templates).';

/** Said to a role that may use templates but not change them. */
export const CANNOT_CHANGE_TEMPLATES =
  'Only admins change templates; you can open cases from them.';

/** Whether a role may create, edit and delete templates. */
export function mayChangeTemplates(permissions: ReadonlySet<Permission>): boolean {
  return permissions.has('configuration.manage');
}

/**
 * Why an action cannot be taken on a template (null when it can): one pure rule shared by the
 * commands and the screen's buttons. `template` is undefined when no list is shown, null when
 * it shows no row.
 */
export function templateActionBlocked(
  action: TemplateAction,
  permissions: ReadonlySet<Permission>,
  template: CaseTemplate | null | undefined,
): string | null {
  if (template === undefined) return NO_TEMPLATE_SCREEN;
  if (!mayChangeTemplates(permissions)) return CANNOT_CHANGE_TEMPLATES;
  if (template === null) return 'No template is shown: clear the filter, or create one.';
  if (action === 'delete' && template.shipped)
    return 'Templates shipped with Vigil can be edited, not deleted.';
  return null;
}

/** templateActionBlocked for a command: the template under the cursor of the list shown. */
export function templateCommandBlocked(
  action: TemplateAction,
  context: CommandContext,
): string | null {
  const target = templateTarget();
  return templateActionBlocked(action, context.permissions, target ? target.template() : undefined);
}
