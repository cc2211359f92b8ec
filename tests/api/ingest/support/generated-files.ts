import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { generate, writeDataset } from '../../../../src/server/demo/generator/index';
import type { Manifest, SourceId } from '../../../../src/server/demo/generator/index';
import { parserSourceOf } from '../../../../src/server/demo/load-dataset';
import type { EventSource } from '../../../../src/shared/events';

/** A small generated dataset written to files: every native format, a few thousand events. */
export interface GeneratedFiles {
  dir: string;
  manifest: Manifest;
  /** Sources in the order to load them: HR first, so activity joins its employees. */
  order: SourceId[];
  file(source: SourceId): string;
  parserSource(source: SourceId): EventSource;
  remove(): void;
}

const DAY = 86_400_000;

/**
 * The last Friday before today, UTC: whole days only, so every generated record is in the
 * past, and a window of up to five days ending then holds working days only, so what a test
 * counts does not depend on the weekday it runs on (on a Monday, two days ending yesterday were
 * a weekend: quarantine.test.ts found 27 Okta records where it takes 30).
 */
function lastFriday(): string {
  const yesterday = Math.floor(Date.now() / DAY) - 1;
  // Day 0, 1970-01-01, was a Thursday, so Fridays are the days d with d % 7 === 1.
  const back = (((yesterday - 1) % 7) + 7) % 7;
  return new Date((yesterday - back) * DAY).toISOString().slice(0, 10);
}

/** Writes 20 employees x 7 days (seed 9) to a temporary folder. */
export async function writeGeneratedFiles(
  options: { employees?: number; days?: number; seed?: number } = {},
): Promise<GeneratedFiles> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-ingest-test-'));
  const manifest = await writeDataset(
    generate({ employees: 20, days: 7, seed: 9, endDate: lastFriday(), ...options }),
    dir,
  );
  const order = (Object.keys(manifest.sources) as SourceId[]).sort(
    (a, b) => Number(b === 'hr') - Number(a === 'hr'),
  );
  return {
    dir,
    manifest,
    order,
    file: (source) => path.join(dir, manifest.sources[source].file),
    parserSource: (source) => parserSourceOf[source],
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
