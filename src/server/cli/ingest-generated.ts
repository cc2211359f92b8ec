import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Manifest } from '../demo/generator/index';
import { ingestWrittenDataset } from '../demo/ingest-written-dataset';

/**
 * `npm run generate -- --ingest`: loads the files just written into Vigil's database
 * (DATABASE_URL, else data/vigil.db), printing one line per source. Returns the exit code:
 * 1 when a file was rejected.
 */
export async function ingestGeneratedFiles(dir: string, manifest: Manifest): Promise<number> {
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db, handle.dialect, handle.schema);
    console.error(`generate: ingesting into ${handle.description}`);
    let rejected = 0;
    await ingestWrittenDataset(handle, dir, manifest, (source, result) => {
      const rate = Math.round(result.accepted / Math.max(result.durationMs / 1000, 0.001));
      console.error(
        `  ${source.padEnd(24)} ${String(result.accepted).padStart(9)} events written ${String(result.duplicate).padStart(9)} duplicates  ${rate} events/s`,
      );
      if (result.status !== 'succeeded') {
        rejected += 1;
        console.error(`    rejected: ${result.message ?? ''}`);
      }
    });
    return rejected > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}
