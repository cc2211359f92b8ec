import { isoTime } from './calendar';
import { customerDomains, personalEmailDomains } from './catalog/outside-world';
import { sensitivityLabels } from './catalog/labels';
import type { Competitor, ResolvedOptions, ScenarioId } from './options';
import type { ScenarioPlan } from './scenarios/types';
import { sourceIds, type Emitted, type SourceEmitter, type SourceId } from './source-types';
import type { Organization } from './org-types';

/** What one storyline turned out to contain. */
export interface ScenarioTally {
  injected: Partial<Record<SourceId, Record<string, number>>>;
  records: number;
  events: number;
  first: number;
  last: number;
}

/** Record and event counts gathered while a dataset streams. */
export interface Tally {
  readonly records: Record<SourceId, number>;
  readonly events: Record<SourceId, number>;
  readonly actions: Record<SourceId, Record<string, number>>;
  readonly scenarios: Map<number, ScenarioTally>;
}

/** An empty tally. */
export function newTally(): Tally {
  const zero = (): Record<SourceId, number> =>
    Object.fromEntries(sourceIds.map((s) => [s, 0])) as Record<SourceId, number>;
  return {
    records: zero(),
    events: zero(),
    actions: Object.fromEntries(sourceIds.map((s) => [s, {}])) as Record<
      SourceId,
      Record<string, number>
    >,
    scenarios: new Map(),
  };
}

/** Counts one streamed record. */
export function tallyEntry(tally: Tally, emitter: SourceEmitter, entry: Emitted): void {
  const source = emitter.id;
  const events = emitter.eventCount(entry.record);
  const action = emitter.actionOf(entry.record);
  tally.records[source]++;
  tally.events[source] += events;
  tally.actions[source][action] = (tally.actions[source][action] ?? 0) + 1;
  if (entry.scenario === undefined) return;
  let s = tally.scenarios.get(entry.scenario);
  if (!s) {
    s = { injected: {}, records: 0, events: 0, first: entry.time, last: entry.time };
    tally.scenarios.set(entry.scenario, s);
  }
  const perSource = (s.injected[source] ??= {});
  perSource[action] = (perSource[action] ?? 0) + 1;
  s.records++;
  s.events += events;
  s.first = Math.min(s.first, entry.time);
  s.last = Math.max(s.last, entry.time);
}

/** One source in the manifest. */
export interface ManifestSource {
  readonly file: string;
  readonly format: 'ndjson' | 'csv';
  readonly records: number;
  /** Normalized events a correct parser produces from the file. */
  readonly events: number;
  readonly timeFormat: string;
  readonly countingRule: string;
  /** Records per native action. */
  readonly actions: Readonly<Record<string, number>>;
}

/** One injected storyline in the manifest. */
export interface ManifestScenario {
  readonly index: number;
  readonly scenario: ScenarioId;
  readonly employeeId: string;
  readonly email: string;
  readonly start: string;
  readonly end: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly techniques: readonly string[];
  readonly relatedTechniques: readonly string[];
  readonly summary: string;
  /** Injected records per source and native action. */
  readonly injected: Partial<Record<SourceId, Record<string, number>>>;
  readonly records: number;
  readonly events: number;
  readonly details: Readonly<Record<string, unknown>>;
}

/** Everything a test or an investigator needs to know about a generated dataset. */
export interface Manifest {
  readonly generator: 'vigil-generator';
  readonly formatVersion: 1;
  readonly seed: number;
  readonly options: ResolvedOptions;
  readonly window: { readonly firstDay: string; readonly lastDay: string; readonly days: number };
  readonly company: Readonly<Record<string, string | number>>;
  readonly companyDomains: readonly string[];
  readonly personalEmailDomains: readonly string[];
  readonly customerDomains: readonly string[];
  readonly competitors: readonly Competitor[];
  readonly sensitivityLabels: readonly string[];
  readonly accountMapping: Readonly<Record<string, unknown>>;
  readonly extensions: readonly { source: SourceId; field: string; note: string }[];
  readonly sources: Record<SourceId, ManifestSource>;
  readonly totals: { readonly records: number; readonly events: number };
  readonly employees: readonly Readonly<Record<string, unknown>>[];
  readonly scenarios: readonly ManifestScenario[];
}

/** Fields the generator adds to a native format, and why. */
const extensions: Manifest['extensions'] = [
  {
    source: 'm365',
    field: 'SensitivityLabelName',
    note: 'label name beside Purview SensitivityLabelId on SharePoint/OneDrive file records',
  },
  {
    source: 'm365',
    field: 'Recipients, Item.Recipients',
    note: 'recipients of Send records (the audit log has none; message trace does)',
  },
  {
    source: 'github',
    field: 'actor_email',
    note: 'SSO email of the actor, equal to external_identity_nameid',
  },
  {
    source: 'slack',
    field: 'action=message_posted, details.text',
    note: 'chat messages with text (the audit log has no message events)',
  },
  {
    source: 'google-workspace',
    field: 'parameters[name=label]',
    note: 'sensitivity label of the document on Drive access events',
  },
];

function accountMapping(org: Organization): Record<string, unknown> {
  const { company } = org;
  const sample = org.employees[0];
  return {
    joinKey: 'email',
    okta: 'actor.alternateId',
    'google-workspace': 'actor.email',
    m365: 'UserId',
    github: `actor_email (= external_identity_nameid); actor is the managed-user login <local part>_${company.slug}`,
    slack: 'actor.user.email',
    windows: {
      convention: `${company.netbios}\\<local part of the email>`,
      fields:
        'Sysmon: User; PowerShell 4104: Domain\\AccountName (UserID holds the SID); Security 1102: SubjectDomainName\\SubjectUserName',
      domain: company.netbios,
      emailDomain: company.domain,
      example: sample ? { account: sample.windowsAccount, email: sample.email } : null,
    },
    'device-inventory': 'userPrincipalName',
    'access-requests': 'requested_for',
    hr: 'email',
  };
}

function employeeEntry(e: Organization['employees'][number]): Record<string, unknown> {
  return {
    id: e.id,
    fullName: e.fullName,
    email: e.email,
    department: e.department,
    title: e.title,
    managerId: e.managerId,
    location: e.location.name,
    timezone: e.timezone,
    workStartHour: e.workStartHour,
    workEndHour: e.workEndHour,
    startDate: e.startDate,
    resignationDate: e.resignationDate,
    departureDate: e.departureDate,
    windowsAccount: e.windowsAccount,
    githubLogin: e.githubLogin,
    slackId: e.slackId,
    oktaId: e.oktaId,
    devices: e.devices.map((d) => ({
      id: d.id,
      name: d.name,
      os: d.operatingSystem,
      managed: d.managed,
      ownerType: d.ownerType,
    })),
    apps: e.apps,
    repos: e.repos,
  };
}

/** Assembles the manifest once every source has streamed through the tally. */
export function buildManifest(
  options: ResolvedOptions,
  org: Organization,
  window: { firstDay: string; lastDay: string },
  plans: readonly ScenarioPlan[],
  emitters: readonly SourceEmitter[],
  tally: Tally,
): Manifest {
  const { company } = org;
  const sources = Object.fromEntries(
    emitters.map((em) => [
      em.id,
      {
        file: em.file,
        format: em.format,
        records: tally.records[em.id],
        events: tally.events[em.id],
        timeFormat: em.timeFormat,
        countingRule: em.countingRule,
        actions: tally.actions[em.id],
      },
    ]),
  ) as Record<SourceId, ManifestSource>;
  return {
    generator: 'vigil-generator',
    formatVersion: 1,
    seed: options.seed,
    options,
    window: { ...window, days: options.days },
    company: {
      name: company.name,
      domain: company.domain,
      netbios: company.netbios,
      m365Tenant: `${company.slug}.onmicrosoft.com`,
      sharepoint: company.sharepointHost,
      googleCustomerId: company.googleCustomerId,
      githubOrg: company.githubOrg,
      slackTeamId: company.slackTeamId,
    },
    companyDomains: [company.domain, `${company.slug}.onmicrosoft.com`, company.adDomain],
    personalEmailDomains,
    customerDomains,
    competitors: options.competitors,
    sensitivityLabels,
    accountMapping: accountMapping(org),
    extensions,
    sources,
    totals: {
      records: Object.values(tally.records).reduce((a, b) => a + b, 0),
      events: Object.values(tally.events).reduce((a, b) => a + b, 0),
    },
    employees: org.employees.map(employeeEntry),
    scenarios: plans.map((p) => {
      const t = tally.scenarios.get(p.index) ?? {
        injected: {},
        records: 0,
        events: 0,
        first: p.start,
        last: p.end,
      };
      const start = Math.min(p.start, t.first);
      // Records after `now` were never written; the storyline ends where the data does.
      const end = Math.min(Math.max(p.end, t.last), options.now ?? Number.POSITIVE_INFINITY);
      return {
        index: p.index,
        scenario: p.id,
        employeeId: p.subject.id,
        email: p.subject.email,
        start: isoTime(start),
        end: isoTime(end),
        startMs: start,
        endMs: end,
        techniques: p.techniques,
        relatedTechniques: p.relatedTechniques,
        summary: p.summary,
        injected: t.injected,
        records: t.records,
        events: t.events,
        details: p.details,
      };
    }),
  };
}
