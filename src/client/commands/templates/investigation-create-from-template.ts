import { z } from 'zod';

import { typeLabels } from '../../../shared/investigation-model';
import { templatesQuery } from '../../api/templates/list-templates';
import { queryClient } from '../../api/query-client';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { cannotCreateInvestigation } from '../investigation/cannot-create-investigation';

const args = z.object({ templateId: z.string().min(1) });

/**
 * Opens a case from a template: the palette lists the templates, then the New investigation
 * dialog opens with the template's type and window chosen, asking for the subject.
 */
export const investigationCreateFromTemplate = defineCommand({
  id: 'investigation.createFromTemplate',
  title: 'New Investigation from Template…',
  category: 'Investigation',
  keywords: ['case', 'add', 'template', 'checklist', 'playbook'],
  disabledReason: cannotCreateInvestigation,
  choices: async () => {
    const { templates } = await queryClient.fetchQuery(templatesQuery());
    return templates.map((template) => ({
      id: template.id,
      label: template.name,
      hint: `${typeLabels[template.caseType]} · last ${template.windowDays} days · ${template.steps.length} steps`,
      args: { templateId: template.id },
      keywords: [template.description],
    }));
  },
  run: (raw) => {
    const { templateId } = args.parse(raw);
    appStore.set(openDialogAtom, { kind: 'createInvestigation', templateId });
  },
});
