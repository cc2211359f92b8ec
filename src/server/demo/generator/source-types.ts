import type { ResolvedOptions } from './options';
import type { Employee, Organization } from './org-types';
import type { Prng } from './prng';
import type { DayPlan, RhythmOverride } from './rhythm';

/** The native outputs, in the order they are written. */
export const sourceIds = [
  'okta',
  'google-workspace',
  'm365',
  'github',
  'slack',
  'windows',
  'device-inventory',
  'access-requests',
  'hr',
] as const;

/** One native output. */
export type SourceId = (typeof sourceIds)[number];

/**
 * The finest time each format can write (M365, Slack and ServiceNow times have whole seconds).
 * Records enter the streams at their written time, so the manifest and a parser agree to the ms.
 */
export const timeResolutionMs: Readonly<Record<SourceId, number>> = {
  okta: 1,
  'google-workspace': 1,
  m365: 1000,
  github: 1,
  slack: 1000,
  windows: 1,
  'device-inventory': 1,
  'access-requests': 1000,
  hr: 1,
};

/** An instant as a source writes it (rounded down to the format's resolution). */
export function writtenTime(source: SourceId, time: number): number {
  const step = timeResolutionMs[source];
  return step === 1 ? time : Math.floor(time / step) * step;
}

/** A JSON record exactly as the vendor would export it. */
export type NativeRecord = Record<string, unknown>;

/** A record on its way out, with the instant used to order the stream. */
export interface Emitted {
  readonly time: number;
  readonly record: NativeRecord;
  /** Index of the storyline that produced it; absent for normal activity. */
  readonly scenario?: number;
}

/** Everything fixed before streaming starts. */
export interface GenerationContext {
  readonly options: ResolvedOptions;
  readonly org: Organization;
  /** Day numbers of the first and last local day. */
  readonly firstDay: number;
  readonly lastDay: number;
  /** Scale on department volumes derived from `eventsPerWorkday`. */
  readonly rate: number;
  readonly overrides: readonly RhythmOverride[];
  /** Employees whose resignation a storyline set, with that storyline's index. */
  readonly resignedBy: ReadonlyMap<string, number>;
}

/** What an emitter gets to produce one employee's normal records for one local day. */
export interface DayContext {
  readonly ctx: GenerationContext;
  readonly employee: Employee;
  readonly plan: DayPlan;
  /** Private to this source, employee and day. */
  readonly prng: Prng;
}

/** One native format: how to produce, label, count and serialize its records. */
export interface SourceEmitter {
  readonly id: SourceId;
  readonly file: string;
  readonly format: 'ndjson' | 'csv';
  /** How the native timestamp is written, for the manifest. */
  readonly timeFormat: string;
  /** How many normalized events a correct parser makes of a record, in words. */
  readonly countingRule: string;
  /** Normal activity of one employee on one day (skipped for days the person is not employed). */
  employeeDay?(day: DayContext): Emitted[];
  /** Records not tied to a day (the HR feed's history). */
  standalone?(ctx: GenerationContext): Emitted[];
  /** Normalized events a correct parser produces from this record. */
  eventCount(record: NativeRecord): number;
  /** The native verb, used for per-action counts in the manifest. */
  actionOf(record: NativeRecord): string;
  /** Returns a per-run hook that stamps sequence numbers in time order, when the format has them. */
  sequencer?(): (record: NativeRecord) => void;
  /** CSV header line, for CSV formats. */
  readonly header?: string;
  serialize(record: NativeRecord): string;
}
