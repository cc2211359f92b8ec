import type { EmployeeRecord } from '../../../shared/events';
import type { FormatCount, SkipCount } from '../../../shared/schemas/integrations';
import type { IngestError, IngestVia } from '../pipeline/types';
import type { QuarantineValues } from '../quarantine/quarantine-row';
import type { CollectorCheckpoint } from './checkpoint';
import type { EventValues } from './event-row';

/** The employee columns a batch writes, in a fixed order (for bulk statements). */
export const EMPLOYEE_COLUMNS = [
  'id',
  'full_name',
  'email',
  'department',
  'title',
  'manager_id',
  'location',
  'timezone',
  'work_start_hour',
  'work_end_hour',
  'start_date',
  'resignation_date',
  'departure_date',
  'aliases',
] as const;

/** An employees row as positional values in {@link EMPLOYEE_COLUMNS} order. */
export type EmployeeValues = unknown[];

/**
 * Rows of a batch are kept in memory up to about this many bytes (most pushes and uploads stay
 * below it), then spill into the batch's open transaction (SQLite) or a temporary table
 * (PostgreSQL), so memory stays flat whatever the size of the input.
 */
export const DEFAULT_SPILL_BYTES = 32 * 1024 * 1024;

/**
 * Roughly what a row occupies in memory: its text (V8 keeps ASCII at a byte a character, which
 * audit records almost always are) and numbers.
 */
export function rowBytes(row: EventValues): number {
  let bytes = 64;
  for (const value of row) bytes += typeof value === 'string' ? value.length + 16 : 8;
  return bytes;
}

/** The positional values of an employee from HR, emails lower-cased like actor emails. */
export function employeeValues(employee: EmployeeRecord): EmployeeValues {
  return [
    employee.id,
    employee.fullName,
    employee.email.toLowerCase(),
    employee.department,
    employee.title,
    employee.managerId,
    employee.location,
    employee.timezone,
    employee.workStartHour,
    employee.workEndHour,
    employee.startDate,
    employee.resignationDate,
    employee.departureDate,
    employee.aliases?.length ? JSON.stringify(employee.aliases) : null,
  ];
}

/** Where a batch accumulates before it is written in one transaction. */
export interface BatchStage {
  /**
   * How many rows the reader hands over at a time: what one round trip should carry, and no
   * more, since rows waiting in a chunk outlive V8's young generation and cost GC time.
   */
  readonly chunkRows: number;
  /** Stages rows (the caller passes about {@link chunkRows} at a time). */
  addEvents(rows: readonly EventValues[]): Promise<void> | void;
  addEmployees(rows: readonly EmployeeValues[]): Promise<void> | void;
  /** Stages records set aside; they are written in the batch's transaction. */
  addQuarantined(rows: readonly QuarantineValues[]): Promise<void> | void;
  /** Drops everything staged: the batch is rejected or failed. Safe to call twice. */
  discard(): Promise<void>;
}

/** What writing a staged batch changed. */
export interface CommitOutcome {
  accepted: number;
  duplicate: number;
  employees: number;
  /** Investigations whose subject got new events, now marked for analysis. */
  investigationsMarked: number;
}

/** Bookkeeping written in the same transaction as the events. */
export interface CommitBookkeeping {
  runId: number;
  integrationId: string | null;
  via: IngestVia;
  now: number;
  /** Records read, rejected and skipped, for the run row and the integration's status. */
  records: number;
  skipped: number;
  /** Skipped records by kind and the formats read, kept on the run and the integration. */
  skips: SkipCount[];
  formats: FormatCount[];
  /** A collector's cursor, written with the events (see checkpoint.ts). */
  checkpoint?: CollectorCheckpoint;
  /** What the batch was read as (a source or `auto`), kept on its quarantined records. */
  source: string;
  /** Records set aside, by reason, and the first of them with their positions. */
  quarantined: number;
  errors: IngestError[];
  quarantines: SkipCount[];
  /** Quarantined records a retry re-read: removed in the batch's transaction. */
  retriedIds?: readonly number[];
  /**
   * For a retry: the run and position a record first came in with, by its position in the
   * retry, so a record quarantined again keeps them.
   */
  originOf?: (position: number) => { runId: number; position: number } | undefined;
}
