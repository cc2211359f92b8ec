import type { Kysely } from 'kysely';

import { listEmployeeIdentities } from '../../db/queries/identities';
import type { Database } from '../../db/schema';
import type { GeneratedDataset } from '../generator/index';

/**
 * Why a generated organization cannot join the employee directory, or null. Every run of the
 * generator numbers its people from E10001, so a dataset with another seed or size names other
 * people with the same ids and emails: loading it would tie one person's activity to another.
 */
export async function directoryConflict(
  db: Kysely<Database>,
  dataset: GeneratedDataset,
): Promise<string | null> {
  const existing = await listEmployeeIdentities(db);
  if (existing.length === 0) return null;
  const byId = new Map(existing.map((e) => [e.id, e.email.toLowerCase()]));
  const byEmail = new Map(existing.map((e) => [e.email.toLowerCase(), e.id]));
  for (const person of dataset.org.employees) {
    const email = person.email.toLowerCase();
    const holder = byEmail.get(email);
    const known = byId.get(person.id);
    if (
      (holder !== undefined && holder !== person.id) ||
      (known !== undefined && known !== email)
    ) {
      return `This database already holds a different organization (employee ${holder ?? person.id} is ${known ?? email} there). Generate with the seed and number of employees used before, or on an empty database.`;
    }
  }
  return null;
}
