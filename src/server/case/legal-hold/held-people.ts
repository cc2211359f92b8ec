import type { Kysely } from 'kysely';

import { addHeldPeople, livePinTexts } from '../../db/queries/legal-hold';
import type { Database } from '../../db/schema';
import type { IdentityDirectory } from '../../privacy/identity-directory';

// Addresses as they appear in captured events and finding rows (JSON-escaped text included).
const ADDRESS = /[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;

/**
 * The employees a case's evidence names: every directory address or alias found in what its
 * pins captured (recipients, share targets, contacts, authors), the subject always.
 */
export function peopleNamedIn(
  texts: readonly string[],
  directory: IdentityDirectory,
  subjectEmployeeId: string,
): string[] {
  const ids = new Set<string>([subjectEmployeeId]);
  for (const text of texts) {
    for (const match of text.matchAll(ADDRESS)) {
      const id = directory.emails.get(match[0].toLowerCase());
      if (id) ids.add(id);
    }
  }
  return [...ids].sort();
}

/**
 * Records whom a held case keeps: its subject and the people its live pins name. Called when a
 * hold is placed and when a held case gains a pin, in that change's transaction.
 */
export async function keepPeopleOfHeldCase(
  trx: Kysely<Database>,
  directory: IdentityDirectory,
  investigation: { id: string; subjectEmployeeId: string },
): Promise<void> {
  const texts = await livePinTexts(trx, investigation.id);
  await addHeldPeople(
    trx,
    investigation.id,
    peopleNamedIn(texts, directory, investigation.subjectEmployeeId),
  );
}
