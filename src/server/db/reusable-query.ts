import type { CompiledQuery, Kysely } from 'kysely';

import type { Database } from './schema';

const SENTINEL = '\u0000vigil:';

interface Cached<Row> {
  compiled: CompiledQuery<Row>;
  /** Per bound parameter: the input it takes, or the constant the builder put there. */
  slots: Array<{ key: string } | { value: unknown }>;
}

/**
 * A query built and compiled once per database, then run with new values. Building and
 * compiling a Kysely query costs ~100 µs, several times what SQLite needs to run it, so the few
 * queries on every request's path (session, investigation, audit) are compiled once.
 *
 * `build` receives placeholders for the named inputs; use them only as values (never to decide
 * the query's shape: make two reusable queries for two shapes).
 */
export function reusableQuery<Key extends string, Row>(
  keys: readonly Key[],
  build: (db: Kysely<Database>, inputs: Record<Key, string>) => { compile(): CompiledQuery<Row> },
): (db: Kysely<Database>, values: Record<Key, unknown>) => Promise<Row[]> {
  const cache = new WeakMap<Kysely<Database>, Cached<Row>>();
  return async (db, values) => {
    let cached = cache.get(db);
    if (!cached) {
      const placeholders = Object.fromEntries(
        keys.map((key) => [key, `${SENTINEL}${key}`]),
      ) as Record<Key, string>;
      const compiled = build(db, placeholders).compile();
      const slots = compiled.parameters.map((parameter) => {
        const key =
          typeof parameter === 'string' && parameter.startsWith(SENTINEL)
            ? parameter.slice(SENTINEL.length)
            : null;
        return key !== null ? { key } : { value: parameter };
      });
      cached = { compiled, slots };
      cache.set(db, cached);
    }
    const parameters = cached.slots.map((slot) =>
      'key' in slot ? values[slot.key as Key] : slot.value,
    );
    const result = await db.executeQuery<Row>({ ...cached.compiled, parameters });
    return result.rows;
  };
}
