import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { currentInvestigation } from './current-investigation';

/** Opens the dialog that places a legal hold on the current case, which asks why. */
export const legalHoldPlace = defineCommand({
  id: 'investigation.placeLegalHold',
  title: 'Place Legal Hold…',
  category: 'Investigation',
  keywords: ['legal', 'hold', 'retention', 'keep', 'litigation', 'preserve'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    if (!c.permissions.has('legal.hold')) return 'Only admins and Legal place or lift legal holds.';
    return currentInvestigation(c)?.legalHold
      ? 'This investigation is on legal hold already.'
      : null;
  },
  run: (_args, c) =>
    appStore.set(openDialogAtom, {
      kind: 'legalHold',
      investigationId: c.investigationId!,
      change: 'place',
    }),
});
