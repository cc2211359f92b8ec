import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AnalysisRunner } from '../../../src/server/analysis/runs/analysis-runner';
import type { Manifest } from '../../../src/server/demo/generator/index';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import type { Configuration } from '../../../src/shared/schemas/configuration';
import type { EventRow } from '../../../src/shared/schemas/findings/common';
import { RISKY_DESTINATIONS } from '../../../src/shared/schemas/findings/file-access';
import type {
  RiskEventSelection,
  RiskPart,
  RiskPartEventsReply,
  RiskReply,
} from '../../../src/shared/schemas/risk';
import { riskPartIds } from '../../../src/shared/schemas/risk';
import { isOffHoursAt, offsetIntervals } from '../../../src/shared/time/local-time';
import type { ApiClient, TestApp } from '../support/test-app';
import { startTestApp } from '../support/test-app';
import { analyse, loadDataset, openCase, quietEmployees, subjectOf } from '../incidents/support';

let t: TestApp;
let analyst: ApiClient;
let admin: ApiClient;
let manifest: Manifest;
/** The storyline cases, by storyline. */
const cases: Record<string, string> = {};
const STORYLINES = [
  'departing-exfiltration',
  'security-tampering',
  'after-hours',
  'access-outside-role',
];

const risk = async (id: string): Promise<RiskReply> => {
  const reply = await analyst.get<RiskReply>(`/investigations/${id}/risk`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const part = (reply: RiskReply, id: RiskPart['id']) => reply.parts.find((p) => p.id === id)!;
const state = async (id: string) =>
  (await analyst.get(`/investigations/${id}`)).body.analysis.state as string;

const saveConfiguration = async (config: Configuration) => {
  const saved = await admin.send('PUT', '/configuration', config);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};
const lastConfigurationAudit = async (): Promise<Record<string, unknown>> => {
  const row = await t.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', 'configuration.update')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return typeof row.details === 'string' ? JSON.parse(row.details) : (row.details as never);
};

/** Runs every queued case as the server's runner does, until the queue is empty. */
const drainQueue = async () => {
  const runner = new AnalysisRunner(t.database, t.app.log);
  while (await runner.tick());
};

/** Every row of a paged list, following its cursors. */
async function everyPage<T>(
  url: string,
  read: (body: never) => { rows: T[]; next: string | null },
): Promise<{ rows: T[]; firstBody: unknown }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let firstBody: unknown;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const reply = await analyst.get(
      `${url}${sep}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    firstBody ??= reply.body;
    const page = read(reply.body as never);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor);
  return { rows, firstBody };
}

/** What a part's drill-down lists, page by page, and the total its first page states. */
async function drillDown(caseId: string, partId: RiskPart['id']) {
  const { rows, firstBody } = await everyPage<EventRow>(
    `/investigations/${caseId}/risk/${partId}/events`,
    (body: RiskPartEventsReply) => ({ rows: body.rows, next: body.nextCursor }),
  );
  return { rows, ids: rows.map((r) => r.id), total: (firstBody as RiskPartEventsReply).total };
}

/** Every event of the case's subject in its window, from the events endpoint. */
async function subjectEvents(caseId: string): Promise<EventRow[]> {
  return (
    await everyPage<EventRow>(
      `/investigations/${caseId}/events?sort=-time`,
      (body: { rows: EventRow[]; nextCursor: string | null }) => ({
        rows: body.rows,
        next: body.nextCursor,
      }),
    )
  ).rows;
}

const sorted = (ids: readonly string[]) => [...ids].sort();

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  admin = await t.signInAs('admin');
  manifest = await loadDataset(t);
  for (const storyline of STORYLINES) {
    cases[storyline] = (
      await openCase(analyst, subjectOf(manifest, storyline), manifest, storyline)
    ).id;
  }
  for (const id of Object.values(cases)) await analyse(t, id);
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('every weight on the configuration screen changes the score', () => {
  it('doubling a weight doubles its part and moves the score of a case with that signal', async () => {
    const before = Object.fromEntries(
      await Promise.all(Object.entries(cases).map(async ([k, id]) => [k, await risk(id)] as const)),
    );
    for (const id of riskPartIds) {
      const storyline = STORYLINES.find((s) => part(before[s]!, id).points > 0);
      expect(storyline, `no case has points for ${id}`).toBeDefined();
      const caseId = cases[storyline!]!;
      const was = before[storyline!]!;
      const weight = defaultConfiguration.riskWeights[id];
      await saveConfiguration({
        ...defaultConfiguration,
        riskWeights: { ...defaultConfiguration.riskWeights, [id]: weight * 2 },
      });
      await analyse(t, caseId);
      const now = await risk(caseId);
      expect(part(now, id).weight, id).toBe(weight * 2);
      expect(part(now, id).points, id).toBeCloseTo(part(was, id).points * 2, 0);
      if (was.score < 100) expect(now.score, id).toBeGreaterThan(was.score);
      // Other parts do not move.
      for (const other of riskPartIds.filter((o) => o !== id))
        expect(part(now, other).points, `${other} while changing ${id}`).toBe(
          part(was, other).points,
        );
    }
    await saveConfiguration(defaultConfiguration);
    await drainQueue();
    for (const [storyline, id] of Object.entries(cases))
      expect((await risk(id)).score, storyline).toBe(before[storyline]!.score);
  }, 240_000);
});

describe('each part names the incidents and events behind it', () => {
  it('the count a part claims is the number of events its drill-down lists, and its first ids are the newest of them', async () => {
    let opened = 0;
    for (const caseId of Object.values(cases)) {
      const reply = await risk(caseId);
      for (const p of reply.parts) {
        const { ids, total } = await drillDown(caseId, p.id);
        expect(ids.length, `${caseId} ${p.id}`).toBe(p.evidence.eventCount);
        expect(total, `${caseId} ${p.id}`).toBe(p.evidence.eventCount);
        expect(new Set(ids).size).toBe(ids.length);
        expect(p.evidence.eventIds, `${caseId} ${p.id}`).toEqual(ids.slice(0, 100));
        if (p.points > 0 && p.id !== 'afterHours') expect(ids.length, p.id).toBeGreaterThan(0);
        if (p.evidence.eventCount === 0) expect(p.evidence.events).toBeNull();
        if (ids.length) {
          // Each listed event opens its raw record through the events endpoint.
          const detail = await analyst.get(`/investigations/${caseId}/events/${ids[0]}`);
          expect(detail.status, JSON.stringify(detail.body)).toBe(200);
          opened += 1;
        }
      }
    }
    expect(opened).toBeGreaterThanOrEqual(riskPartIds.length);
  });

  it('incidents: the case’s incidents that are not dismissed, and the events on their timelines', async () => {
    const caseId = cases['security-tampering']!;
    const incidents = (await analyst.get(`/investigations/${caseId}/incidents`)).body
      .incidents as Array<{ id: string; status: string }>;
    const counted = incidents.filter((i) => i.status !== 'dismissed');
    expect(counted.length).toBeGreaterThan(0);
    const evidence = part(await risk(caseId), 'incidents').evidence;
    expect(sorted(evidence.incidents.map((i) => i.id))).toEqual(sorted(counted.map((i) => i.id)));
    const onTimelines = new Set<string>();
    for (const incident of counted) {
      const detail = await analyst.get(`/investigations/${caseId}/incidents/${incident.id}`);
      expect(detail.body.timelineTruncated).toBe(false);
      for (const event of detail.body.timeline as Array<{ id: string }>) onTimelines.add(event.id);
    }
    expect(sorted((await drillDown(caseId, 'incidents')).ids)).toEqual(sorted([...onTimelines]));
  });

  it('external transfers: exactly the subject’s file movements to risky places', async () => {
    const caseId = cases['departing-exfiltration']!;
    const all = await subjectEvents(caseId);
    // File events, and the mails and chat shares that carried a file out, to a risky place.
    const risky = all.filter(
      (e) =>
        e.destination !== null &&
        RISKY_DESTINATIONS.includes(e.destination) &&
        (e.category === 'file' || ['email_send', 'chat_file_share'].includes(e.activity)),
    );
    expect(risky.length).toBeGreaterThan(0);
    const { ids } = await drillDown(caseId, 'exfiltration');
    expect(sorted(ids)).toEqual(sorted(risky.map((e) => e.id)));
    expect(ids.length).toBe(part(await risk(caseId), 'exfiltration').evidence.eventCount);
  });

  it('after-hours activity: exactly the events the working-hours page counts off hours, on the subject’s clock', async () => {
    const caseId = cases['after-hours']!;
    const evidence = part(await risk(caseId), 'afterHours').evidence;
    const selection = evidence.events as Extract<RiskEventSelection, { kind: 'afterHours' }>;
    expect(selection.kind).toBe('afterHours');
    expect(selection.systemRecords).toBe(true);
    const hours = (await analyst.get(`/investigations/${caseId}/findings/working-hours`)).body as {
      baseline: { startHour: number; endHour: number };
      timezone: string;
      offHoursEvents: number;
    };
    expect([selection.startHour, selection.endHour]).toEqual([
      hours.baseline.startHour,
      hours.baseline.endHour,
    ]);
    expect(selection.timezone).toBe(hours.timezone);
    // The subject's clock, daylight saving included: the rule the page's figure counts by.
    const clock = {
      ...hours.baseline,
      offsets: offsetIntervals(hours.timezone, selection.from, selection.to),
    };
    const expected = (await subjectEvents(caseId))
      .filter((e) => isOffHoursAt(e.time, clock))
      .map((e) => e.id);
    expect(expected.length).toBe(hours.offHoursEvents);
    expect(evidence.eventCount).toBe(hours.offHoursEvents);
    expect(sorted((await drillDown(caseId, 'afterHours')).ids)).toEqual(sorted(expected));
  });

  it('the off-hours figure reads the same on the locker, the risk panel and the report', async () => {
    for (const caseId of Object.values(cases)) {
      const hours = (await analyst.get(`/investigations/${caseId}/findings/working-hours`))
        .body as {
        totalEvents: number;
        offHoursEvents: number;
      };
      // The report prints the count the share was taken of ("134 of 537"): the percent is its.
      const percent = Math.round((hours.offHoursEvents / hours.totalEvents) * 100);
      const summary = (await analyst.get(`/investigations/${caseId}/summary`)).body as {
        narrative: string[];
        figures: Array<{ id: string; value: number }>;
      };
      expect(summary.figures.find((f) => f.id === 'off-hours')?.value).toBe(percent);
      const line = summary.narrative.find((text) => /outside working hours/.test(text));
      if (line) expect(line).toContain(`${percent}% of activity`);
      const { sentence } = part(await risk(caseId), 'afterHours');
      if (hours.totalEvents >= 50)
        expect(sentence).toContain(
          `${percent}% of ${hours.totalEvents.toLocaleString('en-US')} events`,
        );
    }
  });

  it('security hygiene: exactly the events behind the checks that found something, as their pages list them', async () => {
    const caseId = cases['security-tampering']!;
    const items = (await analyst.get(`/investigations/${caseId}/findings/security-hygiene`)).body
      .items as Array<{ id: string; severity: string; count: number }>;
    const found = items.filter((item) => item.count > 0 && item.severity !== 'none');
    expect(found.length).toBeGreaterThan(0);
    const behind = new Set<string>();
    for (const item of found) {
      const detail = await analyst.get(
        `/investigations/${caseId}/findings/security-hygiene/${item.id}`,
      );
      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      for (const event of detail.body.events as Array<{ id: string }>) behind.add(event.id);
    }
    expect(sorted((await drillDown(caseId, 'securityHygiene')).ids)).toEqual(sorted([...behind]));
  });

  it('access requests and departure: the flagged requests and the HR events', async () => {
    const outsideRole = cases['access-outside-role']!;
    const requests = (await analyst.get(`/investigations/${outsideRole}/findings/access-requests`))
      .body.requests as Array<{ id: string; flagged: boolean }>;
    const flagged = requests.filter((r) => r.flagged).map((r) => r.id);
    expect(flagged.length).toBeGreaterThan(0);
    expect(sorted((await drillDown(outsideRole, 'accessRequests')).ids)).toEqual(sorted(flagged));

    const departing = cases['departing-exfiltration']!;
    const { rows } = await drillDown(departing, 'departure');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(['hr_resignation', 'hr_departure']).toContain(row.activity);
  });

  it('answers 404 for a case the caller cannot see and 400 for a part that does not exist', async () => {
    const outsider = await t.signInAs('investigator');
    const hidden = await outsider.get(
      `/investigations/${cases['after-hours']}/risk/afterHours/events`,
    );
    expect(hidden.status).toBe(404);
    const unknown = await analyst.get(`/investigations/${cases['after-hours']}/risk/mood/events`);
    expect(unknown.status).toBe(400);
    const cursor = await analyst.get(
      `/investigations/${cases['after-hours']}/risk/afterHours/events?cursor=nonsense`,
    );
    expect(cursor.status).toBe(400);
  });
});

describe('saving the configuration', () => {
  it('queues the open cases when a weight changes, leaves closed ones, and the run scores with the new weight', async () => {
    const closed = (await openCase(analyst, quietEmployees(manifest)[0]!, manifest, 'Closed')).id;
    const departing = cases['departing-exfiltration']!;
    await analyse(t, closed);
    await t.db
      .updateTable('investigations')
      .set({ status: 'closed' })
      .where('id', '=', closed)
      .execute();
    await drainQueue();
    const before = await risk(departing);
    const closedBefore = await t.db
      .selectFrom('investigations')
      .select(['analysis_state', 'analysis_updated_at'])
      .where('id', '=', closed)
      .executeTakeFirstOrThrow();
    const open = (
      await t.db.selectFrom('investigations').select('id').where('status', '<>', 'closed').execute()
    ).map((r) => r.id);

    await saveConfiguration({
      ...defaultConfiguration,
      riskWeights: { ...defaultConfiguration.riskWeights, exfiltration: 3 },
    });
    for (const id of open) expect(await state(id), id).toBe('pending');
    expect(
      await t.db
        .selectFrom('investigations')
        .select(['analysis_state', 'analysis_updated_at'])
        .where('id', '=', closed)
        .executeTakeFirstOrThrow(),
    ).toEqual(closedBefore);
    const audit = await lastConfigurationAudit();
    expect(audit).toMatchObject({ changed: ['riskWeights'], requeued: open.length });
    expect(sorted(audit.requeuedIds as string[])).toEqual(sorted(open));

    await drainQueue();
    expect(await state(departing)).toBe('idle');
    const after = await risk(departing);
    expect(part(after, 'exfiltration').weight).toBe(3);
    expect(part(after, 'exfiltration').points).toBeCloseTo(
      part(before, 'exfiltration').points * 3,
      0,
    );
    expect(after.score).toBeGreaterThan(before.score);

    // Saving again without a change queues nothing.
    await saveConfiguration({
      ...defaultConfiguration,
      riskWeights: { ...defaultConfiguration.riskWeights, exfiltration: 3 },
    });
    expect(await state(departing)).toBe('idle');
    expect(await lastConfigurationAudit()).toMatchObject({ changed: [], requeued: 0 });

    await saveConfiguration(defaultConfiguration);
    await drainQueue();
    expect((await risk(departing)).score).toBe(before.score);
  }, 240_000);
});
