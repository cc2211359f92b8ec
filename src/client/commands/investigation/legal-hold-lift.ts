import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { currentInvestigation } from './current-investigation';

/** Opens the dialog that lifts the current case's legal hold, which asks why. */
export const legalHoldLift = defineCommand({
  id: 'investigation.liftLegalHold',
  title: 'Lift Legal Hold…',
  category: 'Investigation',
  keywords: ['legal', 'hold', 'retention', 'release', 'remove'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    if (!c.permissions.has('legal.hold')) return 'Only admins and Legal place or lift legal holds.';
    return currentInvestigation(c)?.legalHold ? null : 'This investigation is not on legal hold.';
  },
  run: (_args, c) =>
    appStore.set(openDialogAtom, {
      kind: 'legalHold',
      investigationId: c.investigationId!,
      change: 'lift',
    }),
});
