import {
  generate,
  type GeneratedDataset,
  type Manifest,
} from '../../../../src/server/demo/generator/index';

/** Options of the dataset most generator tests share: big enough for every storyline. */
export const smallOptions = { employees: 60, days: 28, seed: 11, endDate: '2026-11-20' } as const;

let cached: { dataset: GeneratedDataset; manifest: Manifest } | null = null;

/** The shared small dataset and its manifest, generated once per test file. */
export function smallDataset(): { dataset: GeneratedDataset; manifest: Manifest } {
  if (!cached) {
    const dataset = generate(smallOptions);
    cached = { dataset, manifest: dataset.manifest() };
  }
  return cached;
}
