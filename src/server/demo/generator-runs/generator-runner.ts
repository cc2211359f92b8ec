import { randomUUID } from 'node:crypto';

import type { z } from 'zod';

import type {
  GeneratorRun,
  generatorRunBodySchema,
  GeneratorScenarioId,
} from '../../../shared/schemas/log-generator';
import type { DatabaseHandle } from '../../db/database';
import { generate, sourceIds } from '../generator/index';
import type { ScenarioId, SourceId } from '../generator/index';
import { conflict } from '../../domain-error';
import { integrationForKind } from '../../ingest/integrations/manage-integrations';
import { parserFor } from '../../ingest/parsers/index';
import { ingestGeneratedDataset, parserSourceOf, withDefaultEnd } from '../load-dataset';
import { directoryConflict } from './check-directory';
import { summarizeManifest } from './manifest-summary';

/** Options of a run after the body schema applied its defaults. */
export type GeneratorRunOptions = z.output<typeof generatorRunBodySchema>;

/** The screen's list of storylines must be the generator's own: this fails to compile otherwise. */
const sameScenarios: [ScenarioId] extends [GeneratorScenarioId]
  ? [GeneratorScenarioId] extends [ScenarioId]
    ? true
    : false
  : false = true;
void sameScenarios;

/**
 * Share of each source in a typical dataset's records, and records per employee-day at the
 * default rate: enough to turn streamed counts into a progress bar.
 */
const SHARE: Record<SourceId, number> = {
  okta: 0.173,
  'google-workspace': 0.114,
  m365: 0.234,
  github: 0.09,
  slack: 0.209,
  windows: 0.151,
  'device-inventory': 0.029,
  'access-requests': 0.0005,
  hr: 0.0005,
};
const RECORDS_PER_EMPLOYEE_DAY = 30.4 / 45;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Runs the log generator on the server, one run at a time, in the background: generates the
 * dataset and ingests each source through the pipeline into an integration of its kind
 * (created on first use). The state of the current (or last) run is kept in memory for the
 * progress endpoint; the data itself is in the database.
 */
export class GeneratorRunner {
  private run: GeneratorRun | null = null;
  private task: Promise<void> | null = null;
  private controller = new AbortController();

  constructor(private readonly database: DatabaseHandle) {}

  /** The running or last finished run, or null. */
  current(): GeneratorRun | null {
    return this.run === null ? null : structuredClone(this.run);
  }

  /** Starts a run; 409 while another one is running. */
  start(options: GeneratorRunOptions, userId: string): GeneratorRun {
    if (this.run?.status === 'running') {
      throw conflict('A generator run is already in progress; wait for it to finish.');
    }
    const endDate = options.endDate ?? todayUtc();
    const run: GeneratorRun = {
      id: randomUUID(),
      status: 'running',
      phase: 'Generating the organization',
      percent: 0,
      startedAt: Date.now(),
      finishedAt: null,
      options: { ...options, endDate },
      sources: sourceIds.map((source) => ({
        source,
        label: parserFor(parserSourceOf[source])?.label ?? source,
        state: 'waiting',
        records: 0,
        events: 0,
        accepted: 0,
        duplicate: 0,
      })),
      manifest: null,
      error: null,
    };
    this.run = run;
    this.controller = new AbortController();
    this.task = this.execute(run, options, userId).catch((error: unknown) => {
      run.status = 'failed';
      run.finishedAt = Date.now();
      run.phase = 'Failed';
      run.error = error instanceof Error ? error.message : String(error);
      for (const source of run.sources) if (source.state === 'ingesting') source.state = 'failed';
    });
    return structuredClone(run);
  }

  /** Stops a run in progress (the batch being written is rolled back) and waits for it. */
  async close(): Promise<void> {
    this.controller.abort();
    await this.task;
  }

  private async execute(run: GeneratorRun, options: GeneratorRunOptions, userId: string) {
    const expected =
      options.employees * options.days * options.eventsPerWorkday * RECORDS_PER_EMPLOYEE_DAY;
    const done = new Set<SourceId>();
    const progressOf = (source: SourceId, records: number) => {
      const finished = [...done].reduce((sum, id) => sum + SHARE[id], 0);
      const current = done.has(source)
        ? 0
        : SHARE[source] * Math.min(0.99, records / (expected * SHARE[source]));
      return Math.min(99, Math.round(100 * (finished + current)));
    };
    const entry = (source: SourceId) => run.sources.find((s) => s.source === source)!;
    const generatorOptions = withDefaultEnd({
      employees: options.employees,
      days: options.days,
      seed: options.seed,
      scenarios: options.scenarios,
      eventsPerWorkday: options.eventsPerWorkday,
      ...(options.endDate !== undefined ? { endDate: options.endDate } : {}),
    });
    const conflict = await directoryConflict(this.database.db, generate(generatorOptions));
    if (conflict !== null) throw new Error(conflict);
    const { manifest } = await ingestGeneratedDataset(this.database, generatorOptions, {
      via: 'generator',
      signal: this.controller.signal,
      integrationFor: (kind) => integrationForKind(this.database.db, kind, userId),
      onProgress: (progress) => {
        const source = entry(progress.source);
        source.state = 'ingesting';
        source.records = progress.records;
        source.events = progress.events;
        run.phase = `${progress.phase === 'writing' ? 'Writing' : 'Generating and reading'} ${source.label} (${progress.index + 1} of ${progress.total})`;
        run.percent = progressOf(progress.source, progress.records);
      },
      onSourceDone: (sourceId, counts) => {
        done.add(sourceId);
        Object.assign(entry(sourceId), {
          state: 'done',
          records: counts.records,
          events: counts.events,
          accepted: counts.accepted,
          duplicate: counts.duplicate,
        });
        run.percent = progressOf(sourceId, counts.records);
      },
    });
    run.manifest = summarizeManifest(manifest);
    run.status = 'succeeded';
    run.phase = 'Done';
    run.percent = 100;
    run.finishedAt = Date.now();
  }
}
