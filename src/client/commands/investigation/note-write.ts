import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { needsEditableInvestigation } from './current-investigation';

/** Opens the note composer for the current investigation (Markdown; Ctrl+Enter saves). */
export const noteWrite = defineCommand({
  id: 'note.write',
  title: 'Write a Note…',
  category: 'Investigation',
  keywords: ['note', 'comment', 'journal', 'record', 'write'],
  disabledReason: needsEditableInvestigation,
  run: (_args, c) =>
    appStore.set(openDialogAtom, { kind: 'writeNote', investigationId: c.investigationId! }),
});
