import type { Activity, EventSource } from '../../../../shared/events';
import type { Filter } from '../filter-types';

/* The shape of the Sigma log source tables (field-mapping.ts assembles them). */

/**
 * Where a Sigma field's value is in Vigil:
 * - a rule field (`process_name`, `attributes.originalFileName`, see ../fields.ts);
 * - `{ eventIdPrefix: true }`: Windows `EventID`, which the parser writes at the start of
 *   `action` ("4720 UserAccountCreated", "1 ProcessCreate");
 * - `{ constant: [...] }`: a field whose only possible values the log source already implies
 *   (Google's `eventService: admin.googleapis.com` under `service: admin`); other values never
 *   match;
 * - `{ anyOf: [...] }`: a field kept in one place by normalized events and in another by
 *   generic ones (Sysmon 13's `Details` is `command_line` on an autorun key, and
 *   `attributes.Details` elsewhere): either matches.
 */
export type FieldTarget =
  string | { eventIdPrefix: true } | { constant: readonly string[] } | { anyOf: readonly string[] };

/** The logsource keys of a Sigma rule. */
export interface LogsourceKeys {
  product?: string;
  category?: string;
  service?: string;
}

/** One Sigma log source as Vigil reads it. */
export interface LogsourceMapping {
  /** How messages name it: "windows / process_creation". */
  name: string;
  /** The logsource keys that select it (any of them). */
  selectors: readonly LogsourceKeys[];
  /** The parser whose events it covers. */
  source: EventSource;
  /** The normalized activities those events can have; a rule's match pins them. */
  activities: readonly Activity[];
  /** What else every event of the log source satisfies (e.g. the 4104 action). */
  scope?: readonly Filter[];
  /** Sigma field (any case) -> where Vigil keeps it. */
  fields: Readonly<Record<string, FieldTarget>>;
  /** Fields that name the person who acted: the only ones a correlation may group by. */
  person: readonly string[];
  /** Where a keyword search (a list of bare values) looks, when one field holds the whole message. */
  keywords?: string;
}
