import { DAY_MS, fromDayNumber } from './calendar';
import { prngFor } from './prng';
import { planDay } from './rhythm';
import {
  writtenTime,
  type Emitted,
  type GenerationContext,
  type SourceEmitter,
} from './source-types';

/** How much the stream held at once; tests use it to prove that nothing is buffered whole. */
export interface StreamStats {
  maxBuffered: number;
  yielded: number;
}

/**
 * Local days start at most this long before their UTC midnight (UTC+14 is the furthest zone),
 * so once day D is generated nothing later can be earlier than UTC(D+1) minus this.
 */
const MAX_ZONE_LEAD_MS = 14 * 3_600_000;

function byTime(a: Emitted, b: Emitted): number {
  return a.time - b.time;
}

/**
 * Streams one source in time order. Days are generated one at a time for every employee; records
 * that cannot be overtaken by a later day are released, the rest wait. Storyline records join
 * the queue up front: there are a few thousand at most.
 */
export function* sourceEntries(
  ctx: GenerationContext,
  emitter: SourceEmitter,
  injected: readonly Emitted[],
  stats: StreamStats = { maxBuffered: 0, yielded: 0 },
): Generator<Emitted, void, undefined> {
  const stamp = emitter.sequencer?.();
  const cutoff = ctx.options.now ?? Number.POSITIVE_INFINITY;
  let pending: Emitted[] = [...injected, ...(emitter.standalone?.(ctx) ?? [])];
  const release = function* (until: number): Generator<Emitted, void, undefined> {
    pending.sort(byTime);
    let i = 0;
    while (i < pending.length && (pending[i] as Emitted).time < until) {
      const item = pending[i] as Emitted;
      i++;
      if (item.time > cutoff) continue;
      stamp?.(item.record);
      stats.yielded++;
      yield item;
    }
    pending = pending.slice(i);
  };
  const { seed } = ctx.options;
  for (let day = ctx.firstDay; day <= ctx.lastDay; day++) {
    if (emitter.employeeDay) {
      const date = fromDayNumber(day);
      for (const employee of ctx.org.employees) {
        const plan = planDay(seed, employee, date, ctx.overrides);
        // Nobody logs anything on a day off; every emitter may assume at least one session.
        if (plan.sessions.length === 0) continue;
        const prng = prngFor(seed, emitter.id, employee.id, plan.dateText);
        const items = emitter.employeeDay({ ctx, employee, plan, prng });
        const scenario = plan.scenario;
        for (const item of items) {
          const time = writtenTime(emitter.id, item.time);
          pending.push(
            scenario === null
              ? { time, record: item.record }
              : { time, record: item.record, scenario },
          );
        }
      }
    }
    stats.maxBuffered = Math.max(stats.maxBuffered, pending.length);
    yield* release((day + 1) * DAY_MS - MAX_ZONE_LEAD_MS);
  }
  yield* release(Number.POSITIVE_INFINITY);
}
