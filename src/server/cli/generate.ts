import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  generate,
  parseCompetitorList,
  parseScenarioList,
  scenarioIds,
  writeDataset,
  type GeneratorOptions,
} from '../demo/generator/index';
import { ingestGeneratedFiles } from './ingest-generated';

const USAGE = `Usage: npm run generate -- [options]

Writes synthetic activity logs in each vendor's native format, plus manifest.json.

  --employees N       people in the organization (default 200)
  --days N            days of activity ending with --end (default 90)
  --seed N            same seed and options give identical files (default 1)
  --end YYYY-MM-DD    last day generated (default: today; nothing after the current time)
  --out DIR           output folder (default data/generated)
  --scenarios LIST    storylines and how many people get each, e.g.
                      departing-exfiltration:2,mass-repo-clone:1 ("none" for none)
                      known: ${scenarioIds.join(', ')}
  --rate N            average events per employee per working day (default 45)
  --competitors LIST  e.g. Contoso:contoso.example,Fabrikam:fabrikam.example
  --domain DOMAIN     company mail domain (default northwind.example)
  --ingest            load the files into Vigil after writing them
  --help              this text
`;

function fail(message: string): never {
  console.error(`generate: ${message}\n\n${USAGE}`);
  process.exit(1);
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) fail(`--${name} must be a number, got "${value}"`);
  return n;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        employees: { type: 'string' },
        days: { type: 'string' },
        seed: { type: 'string' },
        end: { type: 'string' },
        out: { type: 'string' },
        scenarios: { type: 'string' },
        rate: { type: 'string' },
        competitors: { type: 'string' },
        domain: { type: 'string' },
        ingest: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const args = parsed.values;
  if (args.help) {
    console.log(USAGE);
    return;
  }
  let options: GeneratorOptions;
  try {
    options = {
      employees: wholeNumber('employees', args.employees),
      days: wholeNumber('days', args.days),
      seed: wholeNumber('seed', args.seed),
      eventsPerWorkday: wholeNumber('rate', args.rate),
      endDate: args.end ?? todayUtc(),
      // A dataset ending today stops at the current time.
      now: args.end === undefined ? Date.now() : undefined,
      scenarios: args.scenarios === undefined ? undefined : parseScenarioList(args.scenarios),
      competitors:
        args.competitors === undefined ? undefined : parseCompetitorList(args.competitors),
      companyDomain: args.domain,
    };
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const out = resolve(args.out ?? 'data/generated');
  const started = performance.now();
  let dataset;
  try {
    dataset = generate(options);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const o = dataset.options;
  console.error(
    `generate: ${o.employees} employees, ${o.days} days ending ${o.endDate}, seed ${o.seed}, ${dataset.scenarios.length} storylines -> ${out}`,
  );
  let totalBytes = 0;
  const manifest = await writeDataset(dataset, out, (p) => {
    if (p.done) {
      totalBytes += p.bytes;
      console.error(
        `  ${p.file.padEnd(24)} ${String(p.records).padStart(9)} records  ${(p.bytes / 1e6).toFixed(1).padStart(7)} MB`,
      );
    } else {
      console.error(`  ${p.file.padEnd(24)} ${String(p.records).padStart(9)} records...`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(manifest.totals.records / seconds);
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.error(
    `generate: ${manifest.totals.records} records (${manifest.totals.events} normalized events), ${(totalBytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s = ${rate} records/s, peak RSS ${peakMb} MB`,
  );
  for (const s of manifest.scenarios) {
    console.error(
      `  ${s.scenario.padEnd(24)} ${s.employeeId} ${s.email}  ${s.start} .. ${s.end}  ${s.records} records`,
    );
  }
  // --ingest: load the written files through the ingest pipeline (src/server/cli/ingest-generated.ts).
  if (args.ingest) process.exitCode = await ingestGeneratedFiles(out, manifest);
}

await main();
