import { GENERIC_PERSON_FIELDS, LOGSOURCES } from './field-mapping';
import type { FieldTarget, LogsourceKeys, LogsourceMapping } from './field-mapping';

/**
 * The log source a rule's logsource keys select: category and service must be the same as a
 * selector's (both absent counts), and product, when the rule gives one, too. A rule without
 * product (`category: process_creation` alone) thus reads the one product Vigil has for it.
 */
export function findLogsource(keys: LogsourceKeys): LogsourceMapping | null {
  return (
    LOGSOURCES.find((logsource) =>
      logsource.selectors.some(
        (selector) =>
          selector.category === keys.category &&
          selector.service === keys.service &&
          (keys.product === undefined || selector.product === keys.product),
      ),
    ) ?? null
  );
}

/** "category process_creation, product windows": the logsource keys as a message names them. */
export function describeLogsource(keys: LogsourceKeys): string {
  const parts = (['category', 'product', 'service'] as const)
    .filter((key) => keys[key] !== undefined)
    .map((key) => `${key} ${keys[key]}`);
  return parts.length > 0 ? parts.join(', ') : 'with no category, product or service';
}

/** Where a Sigma field lives in a log source (field names compared ignoring case), or null. */
export function fieldTarget(logsource: LogsourceMapping, field: string): FieldTarget | null {
  const lower = field.toLowerCase();
  const key = Object.keys(logsource.fields).find((name) => name.toLowerCase() === lower);
  return key === undefined ? null : logsource.fields[key]!;
}

/** Whether a group-by field names the person in this log source. */
export function isPersonField(logsource: LogsourceMapping, field: string): boolean {
  const lower = field.toLowerCase();
  return [...GENERIC_PERSON_FIELDS, ...logsource.person].some(
    (name) => name.toLowerCase() === lower,
  );
}
