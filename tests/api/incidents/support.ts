import { expect } from 'vitest';

import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import type { GeneratorOptions, Manifest } from '../../../src/server/demo/generator/index';
import { runAnalysis } from '../../../src/server/analysis/runs/run-analysis';
import type { AnalysisResult } from '../../../src/server/analysis/runs/run-analysis';
import type { Investigation } from '../../../src/shared/schemas/investigations';
import type { ApiClient, TestApp } from '../support/test-app';

const DAY = 86_400_000;

/** The generated dataset the incident tests read: small, fixed, ending on a fixed day. */
export const datasetOptions = {
  seed: 7,
  employees: 30,
  days: 30,
  endDate: '2026-11-20',
} as const satisfies GeneratorOptions;

/** Generates a dataset and ingests it through the real pipeline into the test database. */
export async function loadDataset(
  t: TestApp,
  options: Partial<GeneratorOptions> = datasetOptions,
): Promise<Manifest> {
  const { manifest } = await ingestGeneratedDataset(t.database, options);
  return manifest;
}

/** The investigation window that covers a dataset: its first day to the day after its last. */
export function windowOf(manifest: Manifest): { windowStart: number; windowEnd: number } {
  return {
    windowStart: Date.parse(`${manifest.window.firstDay}T00:00:00Z`) - DAY,
    windowEnd: Date.parse(`${manifest.window.lastDay}T00:00:00Z`) + 2 * DAY,
  };
}

/** Opens a case about an employee through the API, over the dataset's window. */
export async function openCase(
  client: ApiClient,
  employeeId: string,
  manifest: Manifest,
  title = `Review of ${employeeId}`,
): Promise<Investigation> {
  const reply = await client.post<Investigation>('/investigations', {
    title,
    subjectEmployeeId: employeeId,
    type: 'data_exfiltration',
    ...windowOf(manifest),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** Runs the case's analysis now, as the runner would. */
export function analyse(t: TestApp, investigationId: string): Promise<AnalysisResult> {
  return runAnalysis(t.database, investigationId);
}

/** The first employee a storyline was injected for. */
export function subjectOf(manifest: Manifest, scenario: string): string {
  const found = manifest.scenarios.find((s) => s.scenario === scenario);
  if (!found) throw new Error(`The dataset has no ${scenario} storyline.`);
  return found.employeeId;
}

/** Employees no storyline was injected for. */
export function quietEmployees(manifest: Manifest): string[] {
  const busy = new Set(manifest.scenarios.map((s) => s.employeeId));
  return manifest.employees.map((e) => String(e.id)).filter((id) => !busy.has(id));
}

/** Adds a role that may read evidence but not change it, and returns its id. */
export async function addEvidenceReaderRole(t: TestApp): Promise<string> {
  const now = Date.now();
  await t.db
    .insertInto('roles')
    .values({
      id: 'evidence-reader',
      name: 'Evidence reader',
      description: 'Reads every case and its evidence.',
      permissions: JSON.stringify([
        'investigations.read',
        'investigations.read_all',
        'evidence.read',
      ]),
      built_in: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return 'evidence-reader';
}
