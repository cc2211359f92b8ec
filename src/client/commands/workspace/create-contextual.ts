import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { cannotCreateInvestigation } from '../investigation/cannot-create-investigation';
import { currentEmployeeId } from '../investigation/current-employee';

/**
 * `c`: creates what the view is about; today, a new investigation. With an employee open on the
 * Employees page they are its subject; elsewhere the dialog opens with no subject chosen.
 */
export const createContextual = defineCommand({
  id: 'create.contextual',
  title: 'Create…',
  category: 'Workspace',
  keywords: ['new', 'add', 'note'],
  disabledReason: cannotCreateInvestigation,
  run: (_args, context) => {
    const subjectEmployeeId = currentEmployeeId(context);
    appStore.set(
      openDialogAtom,
      subjectEmployeeId
        ? { kind: 'createInvestigation', subjectEmployeeId }
        : { kind: 'createInvestigation' },
    );
  },
});
