import { CLOUD_LOGSOURCES } from './cloud-logsources';
import type { LogsourceMapping } from './logsource-types';
import { WINDOWS_LOGSOURCES } from './windows-logsources';

/*
 * Which Sigma log sources Vigil reads, and where each Sigma field of a log source lands in the
 * normalized event (src/shared/events.ts, filled by src/server/ingest/parsers/). Written as a
 * table on purpose: a reviewer checks one line per field against the parser. A field that is
 * not here has no home in Vigil, and a rule naming it is refused. README.md ("Sigma rules")
 * has the same tables in prose. The tables are in windows-logsources.ts, sysmon-logsources.ts
 * and cloud-logsources.ts, their shape in logsource-types.ts; logsource-lookup.ts reads them.
 */

export type { FieldTarget, LogsourceKeys, LogsourceMapping } from './logsource-types';

/** Every log source Vigil accepts, in the order the README lists them. */
export const LOGSOURCES: readonly LogsourceMapping[] = [...WINDOWS_LOGSOURCES, ...CLOUD_LOGSOURCES];

/** Group-by names that mean "the person" whatever the log source. */
export const GENERIC_PERSON_FIELDS = ['User', 'user'] as const;
