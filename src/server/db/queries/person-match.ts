import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

import { containsInsensitive } from '../dialect';

/**
 * How a text search may match people (issue 17, "search without exposure"): by real name and
 * address only for those allowed to reveal identities (or when pseudonymization is off);
 * everyone else finds people by pseudonym (`pseudonymIds`, the people whose pseudonym holds the
 * text), id, department or risk.
 */
export interface PersonSearch {
  byName: boolean;
  pseudonymIds: readonly string[];
}

/** The conditions under which a search `q` matches the person in these columns. */
export function personConditions<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: { id: string; name: string; email: string },
  q: string,
  person: PersonSearch,
): Expression<SqlBool>[] {
  return [
    ...(person.byName
      ? [containsInsensitive(columns.name, q), containsInsensitive(columns.email, q)]
      : []),
    ...(person.pseudonymIds.length
      ? [eb(eb.ref(columns.id as never), 'in', person.pseudonymIds as never)]
      : []),
  ] as Expression<SqlBool>[];
}
