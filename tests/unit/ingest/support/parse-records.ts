import { expect } from 'vitest';

import type { EmployeeRecord, NormalizedEvent } from '../../../../src/shared/events';
import { normalizedEventSchema } from '../../../../src/shared/events';
import { RecordError } from '../../../../src/server/ingest/errors';
import type { ParserOptions, SourceParser } from '../../../../src/server/ingest/parsers/parser';

/** What a parser made of some records, with every event checked against the shared schema. */
export interface ParseOutcome {
  events: NormalizedEvent[];
  employees: EmployeeRecord[];
  skipped: string[];
  errors: RecordError[];
}

/** A fixed "now" for tests: 2024-06-01T00:00:00Z. */
export const NOW = Date.UTC(2024, 5, 1);

/** Options most tests share: Acme's domains and a fixed clock. */
export const acmeOptions: Partial<ParserOptions> = {
  companyDomains: ['acme.com'],
  now: NOW,
};

/**
 * Pushes records (positions 1, 2, ...) through one session and ends it, collecting RecordErrors
 * instead of throwing. Any other exception fails the test: parsers must never crash.
 */
export function parseRecords(
  parser: SourceParser,
  records: unknown[],
  options: Partial<ParserOptions> = acmeOptions,
): ParseOutcome {
  const outcome: ParseOutcome = { events: [], employees: [], skipped: [], errors: [] };
  const session = parser.create(options);
  const collect = (items: ReturnType<typeof session.push>) => {
    for (const item of items) {
      if (item.kind === 'event') {
        expect(normalizedEventSchema.safeParse(item.event).error).toBeUndefined();
        outcome.events.push(item.event);
      } else if (item.kind === 'employee') outcome.employees.push(item.employee);
      else outcome.skipped.push(item.reason);
    }
  };
  records.forEach((record, index) => {
    try {
      collect(session.push(record, index + 1));
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      outcome.errors.push(error);
    }
  });
  collect(session.end());
  return outcome;
}

/** The only event a single record gives; fails the test otherwise. */
export function parseOne(
  parser: SourceParser,
  record: unknown,
  options: Partial<ParserOptions> = acmeOptions,
): NormalizedEvent {
  const outcome = parseRecords(parser, [record], options);
  expect(outcome.errors.map((error) => error.message)).toEqual([]);
  expect(outcome.events).toHaveLength(1);
  return outcome.events[0]!;
}

/** The message of the RecordError a single record gives; fails the test otherwise. */
export function rejectionOf(
  parser: SourceParser,
  record: unknown,
  options: Partial<ParserOptions> = acmeOptions,
): string {
  const outcome = parseRecords(parser, [record], options);
  expect(outcome.errors).toHaveLength(1);
  expect(outcome.errors[0]!.internal).toBe(false);
  return outcome.errors[0]!.message;
}
