import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { cannotCreateInvestigation } from './cannot-create-investigation';

/** Opens the "new investigation" dialog. */
export const investigationCreate = defineCommand({
  id: 'investigation.create',
  disabledReason: cannotCreateInvestigation,
  run: () => appStore.set(openDialogAtom, { kind: 'createInvestigation' }),
});
