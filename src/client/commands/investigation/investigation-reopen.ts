import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { currentInvestigation } from './current-investigation';

/** Opens the dialog that reopens the current (closed) investigation, which asks why. */
export const investigationReopen = defineCommand({
  id: 'investigation.reopen',
  title: 'Reopen Investigation…',
  category: 'Investigation',
  keywords: ['open', 'again', 'reopen'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    if (!c.permissions.has('investigations.write'))
      return 'Your role does not allow changing investigations.';
    return currentInvestigation(c)?.status === 'closed'
      ? null
      : 'This investigation is not closed.';
  },
  run: (_args, c) =>
    appStore.set(openDialogAtom, {
      kind: 'reopenInvestigation',
      investigationId: c.investigationId!,
    }),
});
