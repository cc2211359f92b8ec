import { fromDayNumber, isWeekend, zonedToUtc } from '../calendar';
import type { ScenarioId } from '../options';
import type { Employee } from '../org-types';
import type { Prng } from '../prng';
import { writtenTime, type Emitted, type NativeRecord, type SourceId } from '../source-types';
import type { ScenarioContext, ScenarioPlan } from './types';

/** Collects a storyline's records, tagging each and tracking the storyline's time span. */
export class Injection {
  readonly records: Partial<Record<SourceId, Emitted[]>> = {};
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;

  /** Starts collecting for the storyline at this index. */
  constructor(private readonly index: number) {}

  /** Adds one native record at an instant. */
  add(source: SourceId, at: number, record: NativeRecord): void {
    const time = writtenTime(source, at);
    (this.records[source] ??= []).push({ time, record, scenario: this.index });
    this.first = Math.min(this.first, time);
    this.last = Math.max(this.last, time);
  }

  /** Adds records that already carry their instants (multi-part script blocks). */
  addAll(source: SourceId, items: readonly Emitted[]): void {
    for (const item of items) this.add(source, item.time, item.record);
  }

  /** Widens the span without a record (a rhythm change has no records of its own). */
  cover(from: number, to: number): void {
    this.first = Math.min(this.first, from);
    this.last = Math.max(this.last, to);
  }

  /** The finished plan. */
  finish(
    ctx: ScenarioContext,
    id: ScenarioId,
    fields: Pick<ScenarioPlan, 'techniques' | 'summary' | 'details'> &
      Partial<Pick<ScenarioPlan, 'relatedTechniques' | 'rhythm' | 'resignation'>>,
  ): ScenarioPlan {
    return {
      index: this.index,
      id,
      subject: ctx.subject,
      relatedTechniques: [],
      records: this.records,
      start: this.first,
      end: this.last,
      ...fields,
    };
  }
}

/** A weekday between two fractions of the dataset's days (clamped to its last day). */
export function pickWeekday(ctx: ScenarioContext, from: number, to: number): number {
  const span = ctx.lastDay - ctx.firstDay;
  let day =
    ctx.firstDay +
    Math.floor(span * from) +
    ctx.prng.int(0, Math.max(0, Math.floor(span * (to - from))));
  while (isWeekend(fromDayNumber(day)) && day < ctx.lastDay) day++;
  return Math.min(day, ctx.lastDay);
}

/** The UTC instant of a local time (hours may be fractional or exceed 24) on a day. */
export function localTime(e: Employee, day: number, hours: number): number {
  return zonedToUtc(fromDayNumber(day), hours * 60, e.timezone);
}

/** Where someone connects from at a local hour: the office by day, home in the evening. */
export function ipAt(e: Employee, hours: number): string {
  return hours >= 8 && hours < 18 && e.remoteShare < 1
    ? (e.location.officeIps[0] ?? e.homeIp)
    : e.homeIp;
}

/** n instants spread over a local time range with some jitter, in order. */
export function spread(
  e: Employee,
  day: number,
  fromHour: number,
  toHour: number,
  n: number,
  prng: Prng,
): number[] {
  const start = localTime(e, day, fromHour);
  const end = localTime(e, day, toHour);
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(start + Math.floor(prng.next() * (end - start)));
  return times.sort((a, b) => a - b);
}

/** A personal mail address someone might forward work to. */
export function personalAddress(e: Employee, domains: readonly string[], prng: Prng): string {
  const plain = (s: string): string =>
    s
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${plain(e.firstName)}.${plain(e.lastName)}${prng.int(1, 99)}@${prng.pick(domains)}`;
}
