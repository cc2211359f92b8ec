import type { Kysely } from 'kysely';

import type { RiskLevel } from '../../../shared/investigation-model';
import { beginRun, endRun } from '../../runs/runs-in-flight';
import { ownerTag } from '../../runs/this-process';
import { retryWhileDisconnected } from '../../db/connection-loss';
import type { DatabaseHandle } from '../../db/database';
import type { Dialect } from '../../db/dialect';
import {
  finishAnalysis,
  findAnalysisSubject,
  markAnalysisRunning,
} from '../../db/queries/analysis-runs';
import { syncIncidents } from '../../db/queries/incident-writes';
import type { ProducedIncident, SyncOutcome } from '../../db/queries/incident-writes';
import type { Database } from '../../db/schema';
import { candidateRules } from '../alerts/candidate-rules';
import type { FilterContext } from '../rules/compile-filter';
import { loadFilterContext } from '../rules/filter-context';
import { localClock } from '../../../shared/time/local-time';
import type { AnalysisScope } from '../rules/find-bursts';
import { activeRules } from '../rules/rule-catalogue';
import type { Rule } from '../rules/rule-schema';
import { runRule } from '../rules/run-rule';
import { timelineSelect } from '../rules/timeline-select';
import { analysisSteps } from './analysis-steps';
import { assessRisk } from './assess-risk';
import { readFindingSignals } from './finding-signals';

/** What one run did, for logs, tests and the benchmark. */
export interface AnalysisResult {
  investigationId: string;
  incidents: SyncOutcome & { produced: number };
  score: number;
  level: RiskLevel;
  /** Milliseconds spent per phase. */
  timings: { rules: number; store: number; risk: number; total: number };
}

/** Options for a run; tests and the benchmark pass their own rules or clock. */
export interface AnalysisOptions {
  rules?: readonly Rule[];
  now?: () => number;
}

async function detect(
  { db, dialect }: { db: Kysely<Database>; dialect: Dialect },
  rules: readonly Rule[],
  scope: AnalysisScope,
  context: FilterContext,
): Promise<ProducedIncident[]> {
  const produced: ProducedIncident[] = [];
  // One counting pass over the subject's events first, as detection over everyone does (here
  // by activity: one statement per run, planned once): a rule whose steps cannot all hold
  // there (too few matching events, or too few in any window) cannot fire, and its burst
  // search, far costlier, is skipped. The counts bound what the search finds from above, so
  // the incidents are the same.
  const spans = rules.map((rule) => ({ rule, from: scope.from, to: scope.to }));
  const candidates = await candidateRules(db, scope.employeeId, spans, context, { dialect });
  for (const { rule } of candidates) {
    for (const hit of await runRule(db, rule, scope, context)) {
      produced.push({
        ruleId: rule.id,
        fingerprint: hit.fingerprint,
        title: rule.title,
        description: rule.description,
        severity: rule.severity,
        techniques: rule.techniques,
        firstSeen: hit.first,
        lastSeen: hit.last,
        why: hit.why,
        eventCount: hit.eventCount,
        timeline: (incidentId) =>
          rule.condition.steps.map((step, i) =>
            timelineSelect(step, hit.bursts[i]!, scope, context, incidentId, rule.timelineLimit),
          ),
      });
    }
  }
  return produced;
}

/**
 * Analyses one case whose run this process owns (state `running`): extra steps, every rule
 * over the subject's events in the window, incidents stored by fingerprint, the risk score
 * (with the security hygiene and access request findings it counts).
 * Leaves the state to the caller.
 */
export async function analyseInvestigation(
  handle: DatabaseHandle,
  investigationId: string,
  options: AnalysisOptions = {},
): Promise<AnalysisResult> {
  const clock = options.now ?? Date.now;
  const started = clock();
  const { db } = handle;
  const subject = await findAnalysisSubject(db, investigationId);
  if (!subject) throw new Error(`Investigation ${investigationId} no longer exists.`);
  for (const step of analysisSteps)
    await step.run(handle, { investigationId, employeeId: subject.employeeId });
  const loaded = await loadFilterContext(db, handle.dialect);
  const { config } = loaded;
  const context = {
    ...loaded.context,
    hours: localClock(subject, config, { start: subject.windowStart, end: subject.windowEnd }),
  };
  const scope: AnalysisScope = {
    employeeId: subject.employeeId,
    department: subject.department,
    from: subject.windowStart,
    to: subject.windowEnd,
  };
  const produced = await detect(handle, options.rules ?? (await activeRules(db)), scope, context);
  const detected = clock();
  const outcome = await syncIncidents(db, investigationId, produced, clock());
  const stored = clock();
  const signals = await readFindingSignals(handle, subject, config);
  const risk = await assessRisk(db, subject, config, clock(), signals);
  const finished = clock();
  return {
    investigationId,
    incidents: { ...outcome, produced: produced.length },
    score: risk.score,
    level: risk.level,
    timings: {
      rules: detected - started,
      store: stored - detected,
      risk: finished - stored,
      total: finished - started,
    },
  };
}

/**
 * Runs a case's analysis now, whatever its state, and leaves it `idle` (or `failed`, and
 * rethrows). For tests, the benchmark and callers that must wait for the result; the runner
 * claims pending cases instead.
 */
export async function runAnalysis(
  handle: DatabaseHandle,
  investigationId: string,
  options: AnalysisOptions = {},
): Promise<AnalysisResult> {
  const clock = options.now ?? Date.now;
  await markAnalysisRunning(handle.db, investigationId, clock(), ownerTag());
  beginRun(handle, 'analysis', investigationId);
  try {
    const result = await analyseInvestigation(handle, investigationId, options);
    await finishAnalysis(handle.db, investigationId, 'idle', clock());
    return result;
  } catch (error) {
    await retryWhileDisconnected(() =>
      finishAnalysis(handle.db, investigationId, 'failed', clock()),
    );
    throw error;
  } finally {
    endRun(handle, 'analysis', investigationId);
  }
}
