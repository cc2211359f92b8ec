import { DEMO_ORGANIZATION } from '../../shared/demo-organization';
import type { InvestigationType } from '../../shared/investigation-model';
import { permissions } from '../../shared/permissions';
import type { Viewer } from '../accounts/viewer';
import type { DatabaseHandle } from '../db/database';
import { appendAudit } from '../db/queries/audit';
import { withStartupLock } from '../db/startup-lock';
import { firstAdminUser, hasEmployeesOrEvents, markAnalysisPending } from '../db/queries/demo-data';
import { buildDeferredIndexes, hasDeferredIndexes } from '../db/queries/deferred-indexes';
import type { GeneratorOptions, Manifest, ManifestScenario } from './generator/index';
import { integrationForKind } from '../ingest/integrations/manage-integrations';
import { createInvestigation } from '../case/create-investigation';
import { createDemoPrivacyOfficer } from './demo-privacy-officer';
import type { DemoPrivacyOfficer } from './demo-privacy-officer';
import { ingestThroughFiles } from './files/ingest-through-files';
import { ingestGeneratedDataset } from './load-dataset';
import { withEventIndexesDeferred } from '../ingest/pipeline/first-load';

/**
 * The demo organization: 200 people over the last 90 days with every storyline. The activity
 * rate is below the generator's default (10 instead of 45 events per person per working day)
 * so that a first start on a busy 2-core machine stays under a minute (about 200,000 events);
 * storylines are injected whole whatever the rate, so every detector has something to find.
 */
export const DEMO_OPTIONS: Partial<GeneratorOptions> = {
  employees: DEMO_ORGANIZATION.employees,
  days: 90,
  seed: DEMO_ORGANIZATION.seed,
  eventsPerWorkday: 10,
};

/** Which storylines become demo investigations, and how they are filed. */
const DEMO_CASES: ReadonlyArray<{
  scenario: ManifestScenario['scenario'];
  type: InvestigationType;
  title: string;
}> = [
  {
    scenario: 'departing-exfiltration',
    type: 'departing_employee',
    title: 'Departing employee: files to USB and personal mail',
  },
  {
    scenario: 'security-tampering',
    type: 'sabotage',
    title: 'Security tools disabled through PowerShell',
  },
  {
    scenario: 'mass-repo-clone',
    type: 'data_exfiltration',
    title: 'Mass cloning of code repositories',
  },
];

/** What the demo load did, for the start-up banner. */
export interface DemoDataResult {
  employees: number;
  events: number;
  investigations: number;
  seconds: number;
  /** The demo's privacy officer, created with the organization (null if it existed). */
  privacyOfficer: DemoPrivacyOfficer | null;
  /** Indexes of events the load set aside, to build once Vigil listens ({@link buildDemoIndexes}). */
  indexesDeferred: number;
}

/** Opens the demo's investigations about storyline subjects and queues their analysis. */
export async function openDemoCases(
  handle: DatabaseHandle,
  manifest: Manifest,
  admin: { id: string; email: string; display_name: string },
): Promise<number> {
  const viewer: Viewer = {
    userId: admin.id,
    email: admin.email,
    displayName: admin.display_name,
    roles: [{ id: 'admin', name: 'Admin' }],
    passwordChangeRequired: false,
    permissions: new Set(permissions),
  };
  const ids: string[] = [];
  const now = Date.now();
  for (const demo of DEMO_CASES) {
    const scenario = manifest.scenarios.find((s) => s.scenario === demo.scenario);
    if (!scenario) continue;
    const id = await createInvestigation(
      handle.db,
      viewer,
      {
        title: demo.title,
        description: `Demo case from the log generator: ${scenario.summary}`,
        subjectEmployeeId: scenario.employeeId,
        type: demo.type,
        // The level is the evidence's: the analysis run computes it, nobody sets it by hand.
        riskLevel: 'low',
        memberUserIds: [],
      },
      now,
    );
    await appendAudit(handle.db, {
      at: now,
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: 'investigation.create',
      targetType: 'investigation',
      targetId: id,
      details: { demo: true, subjectEmployeeId: scenario.employeeId, type: demo.type },
      ip: null,
      userAgent: null,
    });
    ids.push(id);
  }
  await markAnalysisPending(handle.db, ids, now);
  return ids.length;
}

/**
 * On a first start with an empty directory and no activity, loads the demo organization from
 * the log generator through the ingest pipeline (into one integration per source, owned by the
 * first admin) and opens a few investigations about storyline subjects, so a new user finds
 * real data to investigate. Returns null when there was data already. Processes starting
 * together on one database take turns under a start-up lock, and each looks again once it
 * holds it, so the organization is loaded once.
 */
export async function loadDemoData(
  handle: DatabaseHandle,
  log: (line: string) => void = () => undefined,
  options: Partial<GeneratorOptions> = DEMO_OPTIONS,
): Promise<DemoDataResult | null> {
  if (await hasEmployeesOrEvents(handle.db)) return null;
  return withStartupLock(
    handle,
    'demo-data',
    async () => ((await hasEmployeesOrEvents(handle.db)) ? null : load(handle, log, options)),
    () => log('Another Vigil process is loading the demo organization; waiting for it…'),
  );
}

/**
 * Builds the indexes of events a demo load set aside, under the demo's start-up lock, so that
 * two processes never build the same one; says how many were built with `built`.
 */
async function buildSetAsideIndexes(
  handle: DatabaseHandle,
  built: (count: number) => void,
  onWait: () => void,
): Promise<void> {
  await withStartupLock(
    handle,
    'demo-data',
    async () => {
      const count = await buildDeferredIndexes(handle.db);
      if (count > 0) built(count);
    },
    onWait,
  );
}

/**
 * Rebuilds the indexes of `events` a demo load set aside, when its process died before it
 * could (see deferEventIndexes). Under the demo's start-up lock: a load in progress in another
 * process finishes, and rebuilds them, first. One read when there is nothing to do.
 */
export async function finishInterruptedDemoLoad(
  handle: DatabaseHandle,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  if (!(await hasDeferredIndexes(handle.db))) return;
  await buildSetAsideIndexes(
    handle,
    (count) => log(`Rebuilt ${count} indexes of events an interrupted demo load set aside.`),
    () => log('Another Vigil process is loading the demo organization; waiting for it…'),
  );
}

/**
 * Builds the indexes of events the demo load set aside (PostgreSQL), once Vigil listens: under
 * the same lock as finishInterruptedDemoLoad, so a second process starting meanwhile and this
 * one never build the same index. Until they are there, reads of the events are slower, not
 * wrong; a process that dies first leaves them to the next start.
 */
export async function buildDemoIndexes(
  handle: DatabaseHandle,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const started = performance.now();
  await buildSetAsideIndexes(
    handle,
    (count) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(`Built the ${count} indexes of events the demo load set aside (${seconds} s).`);
    },
    () => undefined,
  );
}

async function load(
  handle: DatabaseHandle,
  log: (line: string) => void,
  options: Partial<GeneratorOptions>,
): Promise<DemoDataResult | null> {
  const admin = await firstAdminUser(handle.db);
  if (!admin) return null;
  const started = Date.now();
  log(
    `Loading the demo organization: ${options.employees ?? 200} employees, ${options.days ?? 90} days of activity ending today…`,
  );
  // PostgreSQL: the empty events table is filled without its secondary indexes, built once after,
  // when Vigil already listens (buildDemoIndexes): 8.5 s of a 38-41 s first start on a slow
  // afternoon; the 173k events are read a little slower without them meanwhile.
  // SQLite writes on this thread only, so the dataset is generated into files on a worker while
  // this thread ingests them (first start 25-29 s against 31-37 s generating here, 29 Nov). On
  // PostgreSQL each batch already commits on its own connection while the next is generated,
  // and going through files was slower there (55 s against 46-49 s).
  const { result: loaded, indexes } = await withEventIndexesDeferred(
    handle,
    () =>
      (handle.dialect === 'sqlite' ? ingestThroughFiles : ingestGeneratedDataset)(handle, options, {
        integrationFor: (kind) => integrationForKind(handle.db, kind, admin.id),
        onSourceDone: (source, c) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          log(`  ${source.padEnd(18)} ${String(c.accepted).padStart(8)} events  (${seconds} s)`);
        },
      }),
    started,
    { later: true },
  );
  const { manifest, counts } = loaded;
  const investigations = await openDemoCases(handle, manifest, admin);
  const privacyOfficer = await createDemoPrivacyOfficer(handle.db, admin.email);
  const events = Object.values(counts).reduce((sum, c) => sum + c.accepted, 0);
  const seconds = (Date.now() - started) / 1000;
  log(
    `Demo data loaded in ${seconds.toFixed(1)} s: ${manifest.employees.length} employees, ${events} events, ${manifest.scenarios.length} storylines, ${investigations} investigations.`,
  );
  return {
    employees: manifest.employees.length,
    events,
    investigations,
    seconds,
    privacyOfficer,
    indexesDeferred: indexes.deferred,
  };
}
