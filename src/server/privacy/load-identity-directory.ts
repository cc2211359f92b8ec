import type { Kysely } from 'kysely';

import { getConfiguration } from '../db/queries/configuration';
import { listPersonIdentifiers, listUserEmails } from '../db/queries/identity-directory';
import type { Database } from '../db/schema';
import { IdentityDirectory as AccountMapping } from '../ingest/pipeline/identity-directory';
import { IdentityDirectory } from './identity-directory';

/**
 * The redactor's directory as the database has it now: every employee's name, addresses, HR
 * aliases and the source accounts identity resolution maps to them (GitHub `jdoe_northwind`,
 * `CORP\jdoe`), leaving out Vigil's own users.
 */
export async function loadIdentityDirectory(db: Kysely<Database>): Promise<IdentityDirectory> {
  const [people, users, configuration] = await Promise.all([
    listPersonIdentifiers(db),
    listUserEmails(db),
    getConfiguration(db),
  ]);
  const withAliases = people.map((p) => ({
    id: p.id,
    fullName: p.full_name,
    email: p.email,
    aliases: parseAliases(p.aliases),
  }));
  const accounts = new AccountMapping(withAliases, configuration.companyDomains, {
    netbiosDomains: configuration.netbiosDomains,
  }).accountsByEmployee();
  return new IdentityDirectory(
    withAliases.map((p) => ({ ...p, accounts: accounts.get(p.id) ?? [] })),
    new Set(users),
  );
}

function parseAliases(value: unknown): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}
