import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { cannotCreateInvestigation } from './cannot-create-investigation';

/** Opens the "new investigation" dialog. */
export const investigationCreate = defineCommand({
  id: 'investigation.create',
  title: 'New Investigation…',
  category: 'Investigation',
  keywords: ['case', 'add'],
  disabledReason: cannotCreateInvestigation,
  run: () => appStore.set(openDialogAtom, { kind: 'createInvestigation' }),
});
