import type { Manifest, ManifestScenario } from '../../../../src/server/demo/generator/index';
import { ingestGeneratedDataset } from '../../../../src/server/demo/load-dataset';
import type { ApiClient, TestApp } from '../../support/test-app';

/** A month of activity for thirty people, with every storyline of the generator injected once (two departures). */
export const DATASET = { employees: 30, days: 30, seed: 7, endDate: '2026-11-20' } as const;

/** An investigation window that holds the whole dataset. */
export const CASE_WINDOW = { windowStart: '2026-10-01', windowEnd: '2026-11-22' } as const;

/** Generates the dataset and ingests it through the real pipeline; returns what was injected. */
export async function loadScenarioDataset(t: TestApp): Promise<Manifest> {
  const { manifest } = await ingestGeneratedDataset(t.database, DATASET);
  return manifest;
}

/** The storyline of a kind (the first, when there are several). */
export function storyline(manifest: Manifest, id: ManifestScenario['scenario']): ManifestScenario {
  const found = manifest.scenarios.find((s) => s.scenario === id);
  if (!found) throw new Error(`the dataset has no ${id} storyline`);
  return found;
}

/** An employee of the dataset with no storyline, who has activity of every usual kind. */
export function bystander(manifest: Manifest): string {
  const involved = new Set(manifest.scenarios.map((s) => s.employeeId));
  const candidates = manifest.employees.filter(
    (e) =>
      !involved.has(String(e.id)) && e.department === 'Engineering' && e.resignationDate === null,
  );
  const chosen = candidates[0] ?? manifest.employees.find((e) => !involved.has(String(e.id)));
  return String(chosen?.id);
}

/** Opens an investigation about an employee over the dataset's window; returns its id. */
export async function openCase(client: ApiClient, subjectEmployeeId: string): Promise<string> {
  const reply = await client.post('/investigations', {
    title: `Review of ${subjectEmployeeId}`,
    subjectEmployeeId,
    ...CASE_WINDOW,
  });
  if (reply.status !== 201) throw new Error(`could not open a case: ${JSON.stringify(reply.body)}`);
  return reply.body.id as string;
}
