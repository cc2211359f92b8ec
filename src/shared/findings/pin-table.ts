import type { z } from 'zod';

/**
 * A finding table whose rows can be pinned by key, as a catalogue entry declares it: its id
 * (the prefix of its pins' refs, `repo:acme/billing`), the rows of the entry's reply,
 * and what identifies a row (its key) among them. The server recomputes the finding and picks
 * the row by key; the client names the same key when it pins and when it marks pinned rows.
 */
export interface PinTableSpec<Id extends string, Reply, Row> {
  readonly id: Id;
  /** The table's rows in the endpoint's reply (over the whole window, default query). */
  rows(reply: Reply): readonly Row[];
  /** What tells a row from the others of its table; stable while the events stay the same. */
  key(row: Row): string;
  /** How the locker names a pinned row. */
  label(row: Row): string;
  /** The events a row is (its raw records are hashed with the pin), when it names them. */
  eventIds?(row: Row): readonly string[];
}

/** Declares the pinnable table of a catalogue entry, typed by the entry's reply schema. */
export function pinTable<const Id extends string, S extends z.ZodType, Row>(
  _reply: S,
  spec: PinTableSpec<Id, z.output<S>, Row>,
): PinTableSpec<Id, z.output<S>, Row> {
  return spec;
}
