import fs from 'node:fs';
import path from 'node:path';

import type { DatabaseHandle } from '../db/database';
import type { Manifest, SourceId } from './generator/index';
import { parserSourceOf } from './load-dataset';
import type { SourceCounts } from './load-dataset';
import { ingest } from '../ingest/pipeline/ingest';
import type { IngestResult } from '../ingest/pipeline/types';

const DAY_MS = 86_400_000;

/**
 * Ingests the files of a dataset written by `npm run generate` (one batch per file, HR first so
 * activity joins its employees), the way `npm run ingest` would, with the tenant's domains from
 * the manifest. Returns per-source counts; a rejected file is reported, not thrown, and the
 * others still load.
 */
export async function ingestWrittenDataset(
  handle: DatabaseHandle,
  dir: string,
  manifest: Manifest,
  onSource?: (source: SourceId, result: IngestResult) => void,
): Promise<Partial<Record<SourceId, SourceCounts>>> {
  const sources = (Object.keys(manifest.sources) as SourceId[]).sort(
    (a, b) => Number(b === 'hr') - Number(a === 'hr'),
  );
  const now = Math.max(Date.now(), Date.parse(`${manifest.window.lastDay}T00:00:00Z`) + 2 * DAY_MS);
  const counts: Partial<Record<SourceId, SourceCounts>> = {};
  for (const source of sources) {
    const file = path.join(dir, manifest.sources[source].file);
    const result = await ingest(handle, {
      source: parserSourceOf[source],
      input: fs.createReadStream(file, { highWaterMark: 1024 * 1024 }),
      via: 'cli',
      options: {
        now,
        extraCompanyDomains: manifest.companyDomains,
        personalEmailDomains: manifest.personalEmailDomains,
      },
    });
    const { records, events, accepted, duplicate, rejected, skipped, employees, runId } = result;
    counts[source] = { records, events, accepted, duplicate, rejected, skipped, employees, runId };
    onSource?.(source, result);
  }
  return counts;
}
