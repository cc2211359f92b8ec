import { buildPath } from '../../../shared/routes';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { CANNOT_CHANGE_TEMPLATES, mayChangeTemplates } from './template-availability';

/** Starts a new case template, on the Templates screen where it then shows. */
export const templateCreate = defineCommand({
  id: 'template.create',
  title: 'New Template…',
  category: 'Admin',
  keywords: ['create', 'add', 'case template', 'checklist', 'playbook'],
  disabledReason: (c) => (mayChangeTemplates(c.permissions) ? null : CANNOT_CHANGE_TEMPLATES),
  run: (_args, context) => {
    const list = buildPath('templates', {});
    if (!context.location.startsWith(list)) workspace.navigate(list);
    appStore.set(openDialogAtom, { kind: 'editTemplate' });
  },
});
