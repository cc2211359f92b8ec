import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import { generatePassword, hashPassword } from '../accounts/passwords';
import { insertUserIfAbsent } from '../db/queries/users';
import type { Database } from '../db/schema';

/** The demo's privacy officer, whose credentials the start-up banner shows once. */
export interface DemoPrivacyOfficer {
  email: string;
  password: string;
}

/**
 * Adds a privacy officer to the demo organization (beside the first admin, at the admin's
 * domain), so reveals can be approved by someone other than who asked. Only the demo load calls
 * it; null when the account exists already.
 */
export async function createDemoPrivacyOfficer(
  db: Kysely<Database>,
  adminEmail: string,
): Promise<DemoPrivacyOfficer | null> {
  const domain = adminEmail.includes('@')
    ? adminEmail.slice(adminEmail.indexOf('@') + 1)
    : 'vigil.local';
  const email = `privacy-officer@${domain}`;
  const password = generatePassword();
  const inserted = await insertUserIfAbsent(
    db,
    {
      id: randomUUID(),
      email,
      displayName: 'Privacy officer',
      passwordHash: await hashPassword(password),
      now: Date.now(),
    },
    ['privacy_officer'],
  );
  return inserted ? { email, password } : null;
}
