import { sql } from 'kysely';

import type { Kysely } from 'kysely';

import { openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import type { IdentityDirectory } from '../../src/server/privacy/identity-directory';
import { loadIdentityDirectory } from '../../src/server/privacy/load-identity-directory';
import { PseudonymBook } from '../../src/server/privacy/pseudonym';
import { redactText } from '../../src/server/privacy/redactor';

/** What a count of events that keep a login after redaction found. */
export interface LoginLeaks {
  events: number;
  leaking: number;
  /** Leaks by shape (the login as `<L>`, digits as 9), most frequent first. */
  shapes: Array<[string, number]>;
}

/**
 * Counts the events whose row and raw record, redacted as a reply under pseudonymization,
 * still carry an employee's login (the local part of their address, or an account the
 * directory maps to them) as a word or a part of a compound word. A login as the local part
 * of an address outside the company is someone else (`jsmith@acmecorp.example`): not counted.
 */
export async function countLoginLeaks(db: Kysely<Database>, stride = 1): Promise<LoginLeaks> {
  const directory = await loadIdentityDirectory(db);
  const logins = loginsOf(directory);
  const policy = {
    pseudonymize: true,
    showOrgDetails: true,
    investigationId: null,
    revealed: new Set<string>(),
    pseudonyms: new PseudonymBook('count'),
  };
  const shapes = new Map<string, number>();
  let events = 0;
  let leaking = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('events')
      .selectAll()
      .select(sql<string>`''`.as('search_text'))
      .where('id', '>', after)
      .where(sql<boolean>`id % ${stride} = 0`)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      events++;
      const text = redactText(JSON.stringify(row), directory, policy, true);
      const shape = leakIn(text, logins, directory.companyDomains);
      if (shape) {
        leaking++;
        shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
      }
    }
  }
  return { events, leaking, shapes: [...shapes].sort((a, b) => b[1] - a[1]).slice(0, 20) };
}

/** Every login the directory knows, ASCII letters only, lower-cased. */
function loginsOf(directory: IdentityDirectory): Set<string> {
  const logins = new Set<string>();
  for (const address of directory.emails.keys()) {
    const local = address.slice(0, address.indexOf('@'));
    if (/^[a-z][a-z0-9.]{2,}$/.test(local)) logins.add(local);
  }
  for (const account of directory.accounts.keys())
    if (/^[a-z][a-z0-9.]{2,}$/.test(account)) logins.add(account);
  return logins;
}

const WORD = /[A-Za-z0-9._@+%'-]+/g;

/** The shape of the first login left in `text`, or null. */
function leakIn(
  text: string,
  logins: ReadonlySet<string>,
  company: ReadonlySet<string>,
): string | null {
  for (const [token] of text.matchAll(WORD)) {
    const lower = token.toLowerCase();
    const at = lower.indexOf('@');
    const domain = at >= 0 ? lower.slice(at + 1) : '';
    // A company address is redacted whole, or is Vigil's user; a foreign one is someone else.
    const local = at >= 0 ? lower.slice(0, at) : lower;
    if (at >= 0 && !company.has(domain) && logins.has(local)) continue;
    const parts = local.split(/[_\-.]+/);
    for (let p = 0; p < parts.length; p++)
      for (let q = p + 1; q <= Math.min(parts.length, p + 3); q++) {
        const candidate = parts.slice(p, q).join('.');
        if (logins.has(candidate))
          return lower.replace(candidate, '<L>').replace(/\d/g, '9').slice(0, 80);
      }
  }
  return null;
}

if (process.argv[1]?.endsWith('demo-logins.ts')) {
  const handle = openDatabase(process.argv[2]);
  const t0 = performance.now();
  const result = await countLoginLeaks(handle.db, Number(process.argv[3] ?? 1));
  console.log(
    `${result.leaking} of ${result.events} events keep a login after redaction (${((100 * result.leaking) / result.events).toFixed(2)} %), ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const [shape, n] of result.shapes) console.log(`  ${n}  ${shape}`);
  await handle.close();
}
