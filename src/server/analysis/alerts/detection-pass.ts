import type { DatabaseHandle } from '../../db/database';
import {
  claimDetectionWork,
  finishDetectionWork,
  releaseDetectionWork,
} from '../../db/queries/detection-queue';
import { ownerTag } from '../../runs/this-process';
import { loadFilterContext } from '../rules/filter-context';
import { activeRules } from '../rules/rule-catalogue';
import type { Rule } from '../rules/rule-schema';
import type { Configuration } from '../../../shared/schemas/configuration';
import type { DetectionWork } from '../../db/queries/detection-queue';
import type { FilterContext } from '../rules/compile-filter';
import { possibleRules } from './candidate-rules';
import type { RuleSpan } from './candidate-rules';
import {
  detectionClock,
  detectPerson,
  peopleToDetect,
  rulesForPerson,
  watchlistMembership,
} from './detect-person';
import type { CountedPerson, DetectedPerson, PersonOutcome } from './detect-person';
import { countedRulesOfPeople, possibleRulesOfPeople } from './people-candidates';
import { matchableSpansOfBatch, searchSpan, withSeen } from './matchable-spans';
import type { PersonRules } from './people-candidates';
import { DeadlinePassed, withDeadline } from './rule-deadline';
import { disableSlowRule } from './disable-slow-rule';
import { scorePeople, scorePerson } from './person-risk';
import { RULE_DEADLINE_MS } from './rule-deadline';

/** A claim older than this belongs to a process that died: another may take the person. */
export const DETECTION_CLAIM_STALE_MS = 10 * 60_000;

/** People detected at once on PostgreSQL (each takes one pool connection at a time). */
const PARALLEL_PEOPLE = 4;

/** What a pass did. */
export interface DetectionPassOutcome {
  people: number;
  hits: number;
  raised: number;
  extended: number;
  failed: number;
  /** Rules switched off during the pass: they ran past their deadline. */
  disabledRules: string[];
}

/** Options for a pass; tests and the benchmark pass their own rules, clock and batch size. */
export interface DetectionPassOptions {
  rules?: readonly Rule[];
  now?: () => number;
  /** People claimed per round. */
  batch?: number;
  /** Stop after this many rounds (default: until the queue is empty). */
  rounds?: number;
  /** Told of each person whose detection failed (they stay queued for another try). */
  onError?: (employeeId: string, error: unknown) => void;
  /** How long one rule may take over one person's events (default RULE_DEADLINE_MS). */
  ruleDeadlineMs?: number;
}

/**
 * The first pass of detection for a claimed batch: the people read and their events counted for
 * every rule in one statement (countedRulesOfPeople), with the rule deadline. Past it, or for a
 * person no longer on file, the batch gives nothing and each person is counted alone (as
 * detectPerson does without a batch, telling which rule was too slow).
 */
async function countClaimed(
  handle: DatabaseHandle,
  claimed: readonly DetectionWork[],
  running: readonly Rule[],
  shared: FilterContext,
  config: Configuration,
  at: { now: number; deadline: number },
): Promise<Map<string, CountedPerson>> {
  const { now } = at;
  const rows = new Map(
    (
      await peopleToDetect(
        handle.db,
        claimed.map((work) => work.employeeId),
      )
    ).map((row) => [row.id, row]),
  );
  const matchable = await matchableSpansOfBatch(handle, claimed, running);
  // People on the same clock (zone and hours) share one; it covers all their spans.
  const groups = new Map<string, { person: DetectedPerson; from: number; to: number }>();
  const people: Array<PersonRules & { person: DetectedPerson; watched: CountedPerson['watched'] }> =
    [];
  for (const work of claimed) {
    const person = rows.get(work.employeeId);
    if (!person) continue;
    const own = detectionClock(person, config, work);
    const key = `${own.timezone}|${own.startHour}|${own.endHour}`;
    // The clock need cover only the events a rule can match (fewer changes of offset to test).
    const mine = matchable?.get(person.id);
    const from = !matchable
      ? work.from
      : mine
        ? Math.max(work.from, Math.min(mine.first, work.to))
        : work.to;
    const group = groups.get(key);
    if (group) {
      group.from = Math.min(group.from, from);
      group.to = Math.max(group.to, work.to);
    } else groups.set(key, { person, from, to: work.to });
    const watched = watchlistMembership(handle.db, person.id, now);
    people.push({
      employeeId: person.id,
      from: work.from,
      to: work.to,
      clock: [...groups.keys()].indexOf(key),
      rules: await rulesForPerson(running, watched),
      ...(matchable ? { matchable: mine ?? null } : {}),
      person,
      watched,
    });
  }
  const clocks = [...groups.values()].map((g) => detectionClock(g.person, config, g));
  let counts: Map<string, RuleSpan[]>;
  try {
    counts = await withDeadline(handle.db, shared, at.deadline, async (db, context) => {
      const counted = await countedRulesOfPeople(db, people, clocks, context);
      if (handle.dialect === 'postgres') {
        return possibleRulesOfPeople(
          db,
          people.map((p) => ({ ...p, counted: counted.get(p.employeeId) ?? [] })),
          clocks,
          context,
        );
      }
      // SQLite plans a statement in microseconds: its bound per person reads less than the
      // batch's (which took twice as long over the detection bench's people).
      const possible = new Map<string, RuleSpan[]>();
      for (const p of people) {
        const own = { ...context, clocks: undefined, hours: detectionClock(p.person, config, p) };
        possible.set(
          p.employeeId,
          await possibleRules(db, p.employeeId, counted.get(p.employeeId) ?? [], own),
        );
      }
      return possible;
    });
  } catch (error) {
    if (!(error instanceof DeadlinePassed)) throw error;
    return new Map();
  }
  // With the baselines' first and last events read for the batch, their searches too read only
  // the partitions holding what they can match.
  const ready = matchable ? await withSeen(handle.db, counts) : counts;
  return new Map(
    people.map(({ person, watched, employeeId, matchable: mine }) => [
      employeeId,
      {
        person,
        watched,
        candidates: (ready.get(employeeId) ?? []).map((span) => searchSpan(span, mine)),
      },
    ]),
  );
}

/**
 * Works through the detection queue: claims people (never one another process holds), runs
 * every rule over the events that arrived for each plus the rule's look-back, records alerts,
 * scores the person again, and takes each person off the queue only once all that is stored. A person whose pass
 * fails is handed back to the queue. A rule that runs past its deadline over a person's events
 * is stopped, switched off with the reason (audited) and left out for the rest of the pass.
 */
export async function runDetectionPass(
  handle: DatabaseHandle,
  options: DetectionPassOptions = {},
): Promise<DetectionPassOutcome> {
  const clock = options.now ?? Date.now;
  const rules = options.rules ?? (await activeRules(handle.db));
  const owner = ownerTag();
  const outcome: DetectionPassOutcome = {
    people: 0,
    hits: 0,
    raised: 0,
    extended: 0,
    failed: 0,
    disabledRules: [],
  };
  const deadlineMs = options.ruleDeadlineMs ?? RULE_DEADLINE_MS;
  const disabled = new Set<string>();
  const { context, config } = await loadFilterContext(handle.db, handle.dialect);
  const running = () => rules.filter((rule) => !disabled.has(rule.id));
  for (let round = 0; round < (options.rounds ?? Infinity); round++) {
    const now = clock();
    const claimed = await claimDetectionWork(
      handle.db,
      handle.dialect,
      owner,
      now,
      now - DETECTION_CLAIM_STALE_MS,
      options.batch ?? 50,
    );
    if (claimed.length === 0) break;
    // A batch that cannot be counted at once is counted person by person (detectPerson).
    const counted = await countClaimed(handle, claimed, running(), context, config, {
      now: clock(),
      deadline: Date.now() + deadlineMs,
    }).catch(() => new Map<string, CountedPerson>());
    const fail = async (work: DetectionWork, error: unknown) => {
      outcome.failed += 1;
      options.onError?.(work.employeeId, error);
      await releaseDetectionWork(handle.db, work.employeeId, owner).catch(() => undefined);
    };
    const detected: Array<{ work: DetectionWork; person: PersonOutcome }> = [];
    const detectOne = async (work: DetectionWork) => {
      try {
        const batch = counted.get(work.employeeId);
        const person = await detectPerson(
          handle.db,
          work,
          running(),
          context,
          config,
          clock(),
          () => Date.now() + deadlineMs,
          batch && {
            ...batch,
            candidates: batch.candidates.filter(({ rule }) => !disabled.has(rule.id)),
          },
        );
        for (const ruleId of person.tooSlow) {
          if (disabled.has(ruleId)) continue;
          disabled.add(ruleId);
          if (await disableSlowRule(handle.db, ruleId, deadlineMs, clock())) {
            outcome.disabledRules.push(ruleId);
          }
        }
        detected.push({ work, person });
      } catch (error) {
        await fail(work, error);
      }
    };
    // PostgreSQL serves several connections at once; SQLite has one, so people go one by one.
    const lanes = handle.dialect === 'postgres' ? PARALLEL_PEOPLE : 1;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(lanes, claimed.length) }, async () => {
        while (next < claimed.length) await detectOne(claimed[next++]!);
      }),
    );
    // Everyone whose events arrived is scored again, alerts or not: transfers and hours count.
    // The batch is scored at once; if that fails, each person alone (a failure is theirs).
    const scoredAll = await scorePeople(
      handle.db,
      detected.map(({ work }) => work.employeeId),
      config,
      clock(),
    ).then(
      () => true,
      () => false,
    );
    // Their claims end together too; if that fails, each person's alone.
    const finishedAll =
      scoredAll &&
      (await finishDetectionWork(
        handle.db,
        detected.map(({ work }) => work),
        owner,
      ).then(
        () => true,
        () => false,
      ));
    for (const { work, person } of detected) {
      try {
        if (!finishedAll) {
          if (!scoredAll) await scorePerson(handle.db, work.employeeId, config, clock());
          await finishDetectionWork(handle.db, [work], owner);
        }
        outcome.people += 1;
        outcome.hits += person.hits;
        outcome.raised += person.raised;
        outcome.extended += person.extended;
      } catch (error) {
        await fail(work, error);
      }
    }
    // Failed people stay queued; do not spin on them within one pass.
    if (outcome.failed > 0 && claimed.length <= outcome.failed) break;
  }
  return outcome;
}
