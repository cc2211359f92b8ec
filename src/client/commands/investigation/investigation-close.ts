import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { needsEditableInvestigation } from './current-investigation';

/**
 * Opens the dialog that closes the current investigation with an outcome and a reason: the one
 * way to close a case ("Set Investigation Status…" → Closed comes here too).
 */
export const investigationClose = defineCommand({
  id: 'investigation.close',
  title: 'Close Investigation…',
  category: 'Investigation',
  keywords: ['close', 'outcome', 'resolve', 'finish', 'benign', 'violation'],
  disabledReason: needsEditableInvestigation,
  run: (_args, c) =>
    appStore.set(openDialogAtom, {
      kind: 'closeInvestigation',
      investigationId: c.investigationId!,
    }),
});
