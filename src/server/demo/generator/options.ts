import { parseDate } from './calendar';

/** The insider storylines the generator can inject. */
export const scenarioIds = [
  'departing-exfiltration',
  'mass-repo-clone',
  'after-hours',
  'access-outside-role',
  'security-tampering',
  'mass-deletion',
  'competitor-contact',
  'cloud-upload',
] as const;

/** One insider storyline. */
export type ScenarioId = (typeof scenarioIds)[number];

/** How many employees get a storyline. */
export interface ScenarioRequest {
  readonly id: ScenarioId;
  readonly count: number;
}

/** A competitor that the competitor-contact storyline talks to. */
export interface Competitor {
  readonly name: string;
  readonly domain: string;
}

/** What the caller may set; everything has a default. */
export interface GeneratorOptions {
  /** Same seed and options give byte-identical output. */
  readonly seed?: number;
  readonly employees?: number;
  /** Days of activity, ending with `endDate`. */
  readonly days?: number;
  /** Last local day generated, `YYYY-MM-DD`. The CLI passes today. */
  readonly endDate?: string;
  readonly scenarios?: readonly ScenarioRequest[];
  /** Average normal events per employee per working day (scales every activity). */
  readonly eventsPerWorkday?: number;
  readonly competitors?: readonly Competitor[];
  /** The company's mail domain; its first label names the tenant (northwind.example -> NORTHWIND). */
  readonly companyDomain?: string;
  /**
   * Epoch ms: records later than this are dropped, so a dataset ending today holds nothing
   * from the rest of today. Unset: whole days up to the end of `endDate`.
   */
  readonly now?: number;
}

/** Options with every default applied, as recorded in the manifest. */
export interface ResolvedOptions {
  readonly seed: number;
  readonly employees: number;
  readonly days: number;
  readonly endDate: string;
  readonly scenarios: readonly ScenarioRequest[];
  readonly eventsPerWorkday: number;
  readonly competitors: readonly Competitor[];
  readonly companyDomain: string;
  readonly now: number | null;
}

/** Used when no end date is given, so library callers and tests never read the clock. */
export const DEFAULT_END_DATE = '2026-11-20';

/** The rate the department volumes are calibrated for. */
export const BASE_EVENTS_PER_WORKDAY = 45;

/** One of each storyline, two departing employees: every detector has something to find. */
export const defaultScenarioMix: readonly ScenarioRequest[] = [
  { id: 'departing-exfiltration', count: 2 },
  { id: 'mass-repo-clone', count: 1 },
  { id: 'after-hours', count: 1 },
  { id: 'access-outside-role', count: 1 },
  { id: 'security-tampering', count: 1 },
  { id: 'mass-deletion', count: 1 },
  { id: 'competitor-contact', count: 1 },
  { id: 'cloud-upload', count: 1 },
];

/** Default competitors; `.example` domains never resolve. */
export const defaultCompetitors: readonly Competitor[] = [
  { name: 'Contoso', domain: 'contoso.example' },
  { name: 'Fabrikam', domain: 'fabrikam.example' },
  { name: 'Globex', domain: 'globex.example' },
];

function positiveInt(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number between 1 and ${max}, got ${value}`);
  }
  return value;
}

/** Applies defaults and rejects values the generator cannot honour, with a readable reason. */
export function resolveOptions(options: GeneratorOptions = {}): ResolvedOptions {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`seed must be a whole number between 0 and 4294967295, got ${seed}`);
  }
  const endDate = options.endDate ?? DEFAULT_END_DATE;
  parseDate(endDate);
  const eventsPerWorkday = options.eventsPerWorkday ?? BASE_EVENTS_PER_WORKDAY;
  if (!(eventsPerWorkday > 0 && eventsPerWorkday <= 2000)) {
    throw new Error(`eventsPerWorkday must be above 0 and at most 2000, got ${eventsPerWorkday}`);
  }
  const scenarios = options.scenarios ?? defaultScenarioMix;
  for (const s of scenarios) {
    if (!scenarioIds.includes(s.id)) {
      throw new Error(`Unknown scenario "${String(s.id)}"; known: ${scenarioIds.join(', ')}`);
    }
    if (!Number.isInteger(s.count) || s.count < 0) {
      throw new Error(`Scenario ${s.id} needs a whole number of employees, got ${s.count}`);
    }
  }
  const companyDomain = options.companyDomain ?? 'northwind.example';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(companyDomain)) {
    throw new Error(`companyDomain must be a lowercase domain name, got "${companyDomain}"`);
  }
  if (options.now !== undefined && !Number.isFinite(options.now)) {
    throw new Error(`now must be epoch milliseconds, got ${options.now}`);
  }
  const competitors = options.competitors ?? defaultCompetitors;
  if (competitors.length === 0) throw new Error('At least one competitor is needed');
  return {
    seed,
    employees: positiveInt('employees', options.employees ?? 200, 100_000),
    days: positiveInt('days', options.days ?? 90, 3650),
    endDate,
    scenarios: scenarios.filter((s) => s.count > 0),
    eventsPerWorkday,
    competitors,
    companyDomain,
    now: options.now ?? null,
  };
}

/** Parses `departing-exfiltration:2,mass-repo-clone:1` (a bare id means one employee). */
export function parseScenarioList(text: string): ScenarioRequest[] {
  if (text.trim() === '' || text.trim() === 'none') return [];
  return text.split(',').map((part) => {
    const [id = '', count = '1'] = part.trim().split(':');
    if (!(scenarioIds as readonly string[]).includes(id)) {
      throw new Error(`Unknown scenario "${id}"; known: ${scenarioIds.join(', ')}`);
    }
    const n = Number(count);
    if (!Number.isInteger(n) || n < 0) throw new Error(`Bad employee count in "${part}"`);
    return { id: id as ScenarioId, count: n };
  });
}

/** Parses `Contoso:contoso.example,Fabrikam` (the domain defaults to `<name>.example`). */
export function parseCompetitorList(text: string): Competitor[] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((part) => {
      const [name = '', domain] = part.split(':');
      return { name, domain: domain ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example` };
    });
}
