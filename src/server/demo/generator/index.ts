import { dayNumber, parseDate } from './calendar';
import type { GeneratedDataset, SourceStream } from './dataset-types';
import { buildManifest, newTally, tallyEntry } from './manifest';
import { BASE_EVENTS_PER_WORKDAY, resolveOptions, type GeneratorOptions } from './options';
import { activityWindow, buildOrganization } from './org';
import type { RhythmOverride } from './rhythm';
import { planScenarios } from './scenarios';
import type { ScenarioPlan } from './scenarios/types';
import type { Emitted, GenerationContext, SourceEmitter } from './source-types';
import { accessRequestsSource } from './sources/access-requests';
import { deviceInventorySource } from './sources/device-inventory';
import { githubSource } from './sources/github';
import { googleWorkspaceSource } from './sources/google-workspace';
import { hrSource } from './sources/hr';
import { m365Source } from './sources/m365';
import { oktaSource } from './sources/okta';
import { slackSource } from './sources/slack';
import { windowsSource } from './sources/windows';
import { sourceEntries, type StreamStats } from './stream';

/** Every emitter, in file order. */
export const emitters: readonly SourceEmitter[] = [
  oktaSource,
  googleWorkspaceSource,
  m365Source,
  githubSource,
  slackSource,
  windowsSource,
  deviceInventorySource,
  accessRequestsSource,
  hrSource,
];

function stream(
  ctx: GenerationContext,
  emitter: SourceEmitter,
  plans: readonly ScenarioPlan[],
): SourceStream {
  const injected = plans.flatMap((p) => p.records[emitter.id] ?? []);
  const entries = (stats?: StreamStats): Generator<Emitted, void, undefined> =>
    sourceEntries(ctx, emitter, injected, stats);
  return {
    id: emitter.id,
    file: emitter.file,
    format: emitter.format,
    emitter,
    entries,
    *records() {
      for (const e of entries()) yield e.record;
    },
    *lines() {
      if (emitter.header) yield emitter.header;
      for (const e of entries()) yield emitter.serialize(e.record);
    },
  };
}

/**
 * Builds the organization and plans the storylines (small, in memory), then exposes every source
 * as a lazy stream: records are generated day by day as they are read, so a million-record
 * dataset never sits in memory. Same options, same bytes.
 */
export function generate(options: GeneratorOptions = {}): GeneratedDataset {
  const resolved = resolveOptions(options);
  const org = buildOrganization(resolved);
  const window = activityWindow(resolved);
  const firstDay = dayNumber(parseDate(window.firstDay));
  const lastDay = dayNumber(parseDate(window.lastDay));
  // With a `now`, the last day is still under way: storylines end the day before.
  const storyEnd = resolved.now === null ? lastDay : Math.max(firstDay, lastDay - 1);
  const plans = planScenarios(resolved, org, firstDay, storyEnd);
  const overrides: RhythmOverride[] = plans.flatMap((p) =>
    p.rhythm
      ? [
          {
            employeeId: p.subject.id,
            firstDay: p.rhythm.firstDay,
            lastDay: p.rhythm.lastDay,
            scenario: p.index,
          },
        ]
      : [],
  );
  const ctx: GenerationContext = {
    options: resolved,
    org,
    firstDay,
    lastDay,
    rate: resolved.eventsPerWorkday / BASE_EVENTS_PER_WORKDAY,
    overrides,
    resignedBy: new Map(
      plans.flatMap((p) => (p.resignation ? [[p.subject.id, p.index] as const] : [])),
    ),
  };
  const sources = emitters.map((em) => stream(ctx, em, plans));
  const byId = new Map(sources.map((s) => [s.id, s]));
  return {
    options: resolved,
    org,
    window,
    scenarios: plans,
    sources,
    source(id) {
      const s = byId.get(id);
      if (!s) throw new Error(`Unknown source ${id}`);
      return s;
    },
    manifest() {
      const tally = newTally();
      for (const s of sources) for (const entry of s.entries()) tallyEntry(tally, s.emitter, entry);
      return buildManifest(resolved, org, window, plans, emitters, tally);
    },
  };
}

export type { GeneratedDataset, SourceStream } from './dataset-types';
export { writeDataset } from './write-dataset';
export type { Manifest, ManifestScenario } from './manifest';
export type { GeneratorOptions, ScenarioId } from './options';
export { scenarioIds, parseScenarioList, parseCompetitorList, defaultScenarioMix } from './options';
export { sourceIds, type SourceId, type NativeRecord, type Emitted } from './source-types';
