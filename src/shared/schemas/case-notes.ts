import { z } from 'zod';

import { epochMs, idParam, userRefSchema } from './common';

/** The longest note a case keeps, in characters. */
export const MAX_NOTE_LENGTH = 20_000;

/** The 405's sentence: notes are append-only (issue 16). */
export const NOTE_IMMUTABLE_MESSAGE =
  'Notes cannot be changed or deleted: write a new note that amends it.';

/** A note on a case: Markdown, append-only; a correction is a new note naming the one it amends. */
export const caseNoteSchema = z.object({
  id: z.string(),
  investigationId: z.string(),
  /** Markdown, shown without raw HTML. */
  body: z.string(),
  /** The note this one corrects, if any (a note of the same case). */
  amends: z.string().nullable(),
  author: userRefSchema,
  createdAt: epochMs,
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

/** POST /investigations/{id}/notes. */
export const createCaseNoteBodySchema = z.strictObject({
  body: z
    .string()
    .refine((text) => text.trim().length > 0, 'Write something: the note is empty.')
    .refine((text) => text.length <= MAX_NOTE_LENGTH, 'The note is longer than 20,000 characters.'),
  amends: idParam.nullable().optional(),
});
export type CreateCaseNoteBody = z.input<typeof createCaseNoteBodySchema>;

/** GET /investigations/{id}/notes: oldest first, as a case file reads. */
export const listCaseNotesReplySchema = z.object({ notes: z.array(caseNoteSchema) });
export type ListCaseNotesReply = z.infer<typeof listCaseNotesReplySchema>;
