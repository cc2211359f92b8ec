import type { CaseNote } from '../../shared/schemas/case-notes';
import type { CaseNoteRow } from '../db/queries/case-notes';
import { writtenText } from '../privacy/identity-policy';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { presentUserRef } from './user';

/** A note as the API shows it: people its text names read "[withheld]" under pseudonyms. */
export function presentCaseNote(row: CaseNoteRow, policy: IdentityPolicy): CaseNote {
  return {
    id: row.id,
    investigationId: row.investigation_id,
    body: writtenText(policy, row.body),
    amends: row.amends_note_id,
    author: presentUserRef({
      id: row.created_by,
      email: row.author_email,
      display_name: row.author_name,
    }),
    createdAt: row.created_at,
  };
}
