import { z } from 'zod';

import { caseNotesQuery } from '../../api/investigations/case-notes';
import { queryClient } from '../../api/query-client';
import { formatDateTime } from '../../components/format';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { needsEditableInvestigation } from './current-investigation';

const args = z.object({ noteId: z.string() });

const excerpt = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
};

/**
 * Writes a correction of a note: notes are never edited, so the correction is a new note that
 * names the one it amends. From the palette it first asks which note (newest first).
 */
export const noteAmend = defineCommand({
  id: 'note.amend',
  title: 'Amend a Note…',
  category: 'Investigation',
  keywords: ['note', 'correct', 'fix', 'edit'],
  disabledReason: needsEditableInvestigation,
  choices: async (c) => {
    const { notes } = await queryClient.fetchQuery(caseNotesQuery(c.investigationId!));
    return [...notes].reverse().map((note) => ({
      id: note.id,
      label: excerpt(note.body),
      hint: `${note.author.displayName}, ${formatDateTime(note.createdAt)}`,
      args: { noteId: note.id },
    }));
  },
  run: async (raw, c) => {
    const { noteId } = args.parse(raw);
    const id = c.investigationId!;
    const { notes } = await queryClient.fetchQuery(caseNotesQuery(id));
    const note = notes.find((n) => n.id === noteId);
    appStore.set(openDialogAtom, {
      kind: 'writeNote',
      investigationId: id,
      amends: { id: noteId, excerpt: note ? excerpt(note.body) : 'an earlier note' },
    });
  },
});
