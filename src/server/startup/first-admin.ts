import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import { generatePassword, hashPassword } from '../accounts/passwords';
import { countUsers, insertUserIfAbsent } from '../db/queries/users';
import type { Database } from '../db/schema';

/** What the first run did about the admin account, for the start-up banner. */
export type FirstAdmin =
  { created: false } | { created: true; email: string; password: string; generated: boolean };

/**
 * When no user exists, creates the first admin: VIGIL_ADMIN_EMAIL, with VIGIL_ADMIN_PASSWORD or a
 * random password that is shown once and must be changed at first sign-in. Two processes racing
 * here create one admin.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  email: string,
  password: string | undefined,
): Promise<FirstAdmin> {
  if ((await countUsers(db)) > 0) return { created: false };
  const chosen = password ?? generatePassword();
  const now = Date.now();
  const inserted = await insertUserIfAbsent(
    db,
    {
      id: randomUUID(),
      email,
      displayName: 'Administrator',
      passwordHash: await hashPassword(chosen),
      // A printed password is temporary (it sat in a terminal or a log): the admin chooses
      // their own at first sign-in. One the operator set in VIGIL_ADMIN_PASSWORD is theirs.
      passwordTemporary: password === undefined,
      now,
    },
    ['admin'],
  );
  if (!inserted) return { created: false };
  return { created: true, email, password: chosen, generated: password === undefined };
}
