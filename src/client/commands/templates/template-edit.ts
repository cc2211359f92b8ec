import { templateTarget } from '../../state/template-target';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { templateCommandBlocked } from './template-availability';

/** Edits the template under the cursor of the Templates list. */
export const templateEdit = defineCommand({
  id: 'template.edit',
  title: 'Edit Template…',
  category: 'Admin',
  keywords: ['change', 'steps', 'checklist', 'case template'],
  disabledReason: (c) => templateCommandBlocked('edit', c),
  run: () => {
    const template = templateTarget()?.template();
    if (template) appStore.set(openDialogAtom, { kind: 'editTemplate', templateId: template.id });
  },
});
