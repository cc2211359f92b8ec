import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Opens the "new investigation" dialog. */
export const investigationCreate = defineCommand({
  id: 'investigation.create',
  disabledReason: (c) =>
    c.permissions.has('investigations.write')
      ? null
      : 'Your role does not allow creating investigations.',
  run: () => appStore.set(openDialogAtom, { kind: 'createInvestigation' }),
});
