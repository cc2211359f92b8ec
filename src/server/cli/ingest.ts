import fs from 'node:fs';
import { parseArgs } from 'node:util';

import type { EventSource } from '../../shared/events';
import { eventSources } from '../../shared/events';
import type { FormatCount, SkipCount } from '../../shared/schemas/integrations';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { findIntegration } from '../db/queries/integrations';
import { ingest } from '../ingest/pipeline/ingest';
import type { IngestProgress, IngestSource } from '../ingest/pipeline/types';
import { changesIdentities } from '../ingest/identity/changes-identities';
import { resolveUnmappedEvents } from '../ingest/identity/resolve-unmapped';

const USAGE = `Usage: npm run ingest -- [--source SOURCE] FILE [--integration ID] [--database URL]

Loads one export file (NDJSON, a JSON array or API page, pretty-printed objects one after
another, or CSV; "-" reads standard input) into Vigil as one batch, in one transaction: every
record that can become an event does, and a record that cannot (no time, malformed) is set
aside in quarantine with its reason (see the integration's Quarantine screen; without
--integration, the command line's). Exits 0 when the batch was written.

  --source SOURCE     the file's format: auto (the default: each record's format is detected
                      from its shape, so a file may mix them) or one of
                      ${eventSources.join(', ')}
  --integration ID    record the batch on this integration (status, event count)
  --database URL      the database (default: DATABASE_URL, else data/vigil.db)
  --quiet             no progress, only the summary
  --help              this text
`;

/** Where the command writes: stdout for the summary, stderr for progress and errors. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: CliOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

function describeProgress(progress: IngestProgress, started: number): string {
  const seconds = (Date.now() - started) / 1000;
  const rate = Math.round(progress.events / Math.max(seconds, 0.001));
  return `  ${progress.phase.padEnd(8)} ${String(progress.records).padStart(10)} records ${String(progress.events).padStart(10)} events  ${rate} events/s`;
}

/** "read as Okta System Log (20 records)", "detected Windows events (1,095 records)". */
function describeFormats(source: IngestSource, formats: readonly FormatCount[]): string {
  const list = formats.map((f) => `${f.label} (${f.records} records)`).join(', ');
  return source === 'auto' ? `detected ${list}` : `read as ${list}`;
}

/** "Sysmon 7 image load: 21 skipped, not used by any finding", one line per kind. */
export function describeSkips(skips: readonly SkipCount[]): string[] {
  return skips.map(({ reason, count }) => {
    const colon = reason.indexOf(': ');
    return colon < 0
      ? `${reason}: ${count} skipped`
      : `${reason.slice(0, colon)}: ${count} skipped, ${reason.slice(colon + 2)}`;
  });
}

/** "no time: Okta records need `published`: 12 quarantined", one line per reason. */
export function describeQuarantines(quarantines: readonly SkipCount[]): string[] {
  return quarantines.map(({ reason, count }) => `${reason}: ${count} quarantined`);
}

/**
 * `npm run ingest`, as a function: tests call it with their own database handle. Returns the
 * exit code (0 written, 1 rejected or failed, 2 bad arguments).
 */
export async function ingestCommand(
  argv: readonly string[],
  output: CliOutput = consoleOutput,
  database?: DatabaseHandle,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        integration: { type: 'string' },
        database: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    output.err(`ingest: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    output.out(USAGE);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) {
    output.err(`ingest: give exactly one FILE (or - for standard input)\n\n${USAGE}`);
    return 2;
  }
  if (file !== '-' && !fs.existsSync(file)) {
    output.err(`ingest: there is no file ${file}`);
    return 2;
  }
  const handle = database ?? openDatabase(values.database ?? loadConfig().databaseUrl);
  try {
    if (!database) await migrateToLatest(handle.db, handle.dialect, handle.schema);
    const source = (values.source ?? 'auto') as IngestSource;
    if (source !== 'auto' && !(eventSources as readonly string[]).includes(source)) {
      output.err(`ingest: --source must be auto or one of ${eventSources.join(', ')}\n\n${USAGE}`);
      return 2;
    }
    let preferredSource: EventSource | undefined;
    if (values.integration !== undefined) {
      const integration = await findIntegration(handle.db, values.integration);
      if (!integration) {
        output.err(`ingest: there is no integration with id ${values.integration}`);
        return 2;
      }
      if (source !== 'auto' && source !== integration.kind) {
        output.err(
          `ingest: integration ${integration.id} reads ${integration.kind}, not ${source}`,
        );
        return 2;
      }
      preferredSource = integration.kind as EventSource;
    }
    const started = Date.now();
    const input =
      file === '-' ? process.stdin : fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    const result = await ingest(handle, {
      source,
      ...(preferredSource ? { preferredSource } : {}),
      // An integration of one kind takes only its own source, as a push to it does.
      ...(preferredSource && preferredSource !== 'normalized'
        ? { onlySource: preferredSource }
        : {}),
      input,
      integrationId: values.integration ?? null,
      via: 'cli',
      onProgress: values.quiet ? undefined : (p) => output.err(describeProgress(p, started)),
    });
    const seconds = (result.durationMs / 1000).toFixed(1);
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    const summary = `${result.records} records, ${result.accepted} events written, ${result.duplicate} duplicates, ${result.quarantined} quarantined, ${result.skipped} skipped in ${seconds} s, peak memory ${peakMb} MB`;
    if (result.formats.length > 0) output.out(`ingest: ${describeFormats(source, result.formats)}`);
    for (const line of describeSkips(result.skips)) output.out(`  ${line}`);
    for (const line of describeQuarantines(result.quarantines)) output.out(`  ${line}`);
    if (result.status === 'succeeded') {
      // The warning first: the summary stays the last line, as scripts read it.
      if (result.warning) output.out(`ingest: ${result.warning}`);
      output.out(`ingest: ${summary} (run ${result.runId})`);
      const batch = { sources: result.formats.map((f) => f.source), ...result };
      if (changesIdentities(batch)) {
        const resolved = await resolveUnmappedEvents(handle);
        if (resolved.events > 0) {
          output.out(
            `ingest: ${resolved.events} events of accounts that named nobody now belong to ${resolved.employees} people`,
          );
        }
      }
      return 0;
    }
    output.err(`ingest: ${result.message ?? 'the batch was rejected'}`);
    for (const error of result.errors) output.err(`  record ${error.position}: ${error.reason}`);
    if (result.rejected > result.errors.length) {
      output.err(`  ... and ${result.rejected - result.errors.length} more`);
    }
    output.out(`ingest: rejected, nothing written: ${summary} (run ${result.runId})`);
    return 1;
  } catch (error) {
    output.err(`ingest: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    if (!database) await handle.close();
  }
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) process.exitCode = await ingestCommand(process.argv.slice(2));
