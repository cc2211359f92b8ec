import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** `c`: creates what the view is about; today, a new investigation (about the employee on screen). */
export const createContextual = defineCommand({
  id: 'create.contextual',
  disabledReason: (c) =>
    c.permissions.has('investigations.write')
      ? null
      : 'Your role does not allow creating investigations.',
  run: () => appStore.set(openDialogAtom, { kind: 'createInvestigation' }),
});
