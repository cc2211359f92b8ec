import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDemoCases } from '../../../src/server/demo/demo-data';
import type { Manifest } from '../../../src/server/demo/generator/index';
import { riskLevelForScore } from '../../../src/shared/investigation-model';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import type { Configuration } from '../../../src/shared/schemas/configuration';
import type { RiskPart, RiskReply } from '../../../src/shared/schemas/risk';
import { riskPartIds } from '../../../src/shared/schemas/risk';
import type { ApiClient, TestApp } from '../support/test-app';
import { startTestApp } from '../support/test-app';
import { analyse, loadDataset, openCase, quietEmployees, subjectOf } from './support';

let t: TestApp;
let analyst: ApiClient;
let admin: ApiClient;
let manifest: Manifest;
let departingCase: string;
let tamperingCase: string;
let afterHoursCase: string;
let outsideRoleCase: string;

const risk = async (id: string): Promise<RiskReply> => {
  const reply = await analyst.get<RiskReply>(`/investigations/${id}/risk`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const part = (reply: RiskReply, id: RiskPart['id']) => reply.parts.find((p) => p.id === id)!;
const saveConfiguration = async (config: Configuration) => {
  const saved = await admin.send('PUT', '/configuration', config);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};
const auditDetails = async (action: string, targetId: string) => {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
  return rows.map((row): Record<string, unknown> =>
    typeof row.details === 'string' ? JSON.parse(row.details) : (row.details as never),
  );
};

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  admin = await t.signInAs('admin');
  manifest = await loadDataset(t);
  departingCase = (
    await openCase(analyst, subjectOf(manifest, 'departing-exfiltration'), manifest, 'Departing')
  ).id;
  tamperingCase = (
    await openCase(analyst, subjectOf(manifest, 'security-tampering'), manifest, 'Tampering')
  ).id;
  afterHoursCase = (await openCase(analyst, subjectOf(manifest, 'after-hours'), manifest, 'Nights'))
    .id;
  outsideRoleCase = (
    await openCase(analyst, subjectOf(manifest, 'access-outside-role'), manifest, 'Outside role')
  ).id;
  for (const id of [departingCase, tamperingCase, afterHoursCase, outsideRoleCase])
    await analyse(t, id);
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('levels set by hand', () => {
  it('the demo opens its cases with no level set by hand: each shows the level its score computes', async () => {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'display_name'])
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const before = new Set(
      (await t.db.selectFrom('investigations').select('id').execute()).map((r) => r.id),
    );
    expect(await openDemoCases(t.database, manifest, user)).toBe(3);
    const demo = (await t.db.selectFrom('investigations').select('id').execute())
      .map((r) => r.id)
      .filter((id) => !before.has(id));
    expect(demo).toHaveLength(3);
    for (const id of demo) {
      await analyse(t, id);
      const reply = await risk(id);
      expect(reply).toMatchObject({ manualLevel: null, manualSetBy: null, manualSetAt: null });
      expect(reply.computedLevel).toBe(riskLevelForScore(reply.score));
      expect(reply.level).toBe(reply.computedLevel);
      expect((await analyst.get(`/investigations/${id}`)).body.riskLevel).toBe(reply.level);
    }
  });

  it('a case opened without a level has none set by hand, even once analysed', async () => {
    const quiet = (await openCase(analyst, quietEmployees(manifest)[0]!, manifest, 'Quiet')).id;
    await analyse(t, quiet);
    expect(await risk(quiet)).toMatchObject({ level: 'low', manualLevel: null, manualSetBy: null });
  });

  it('keeps a level set through the API with who set it and when, audits it, and Low hands it back to the evidence', async () => {
    const quiet = (await openCase(analyst, quietEmployees(manifest)[1]!, manifest, 'Raised')).id;
    await analyse(t, quiet);
    const started = Date.now();
    const patched = await analyst.patch(`/investigations/${quiet}`, { riskLevel: 'critical' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.riskLevel).toBe('critical');
    await analyse(t, quiet);
    const raised = await risk(quiet);
    expect(raised).toMatchObject({
      level: 'critical',
      computedLevel: 'low',
      manualLevel: 'critical',
    });
    expect(raised.manualSetBy).toEqual({
      id: analyst.user!.id,
      email: analyst.user!.email,
      displayName: expect.stringMatching(/analyst/),
    });
    expect(raised.manualSetAt).toBeGreaterThanOrEqual(started);
    expect(await auditDetails('investigation.update', quiet)).toContainEqual({
      changes: { riskLevel: { from: null, to: 'critical' } },
    });

    expect((await analyst.patch(`/investigations/${quiet}`, { riskLevel: 'low' })).status).toBe(
      200,
    );
    expect(await risk(quiet)).toMatchObject({ level: 'low', manualLevel: null, manualSetBy: null });
    expect((await analyst.get(`/investigations/${quiet}`)).body.riskLevel).toBe('low');
  });
});

describe('the parts of the score', () => {
  it('has one part per weight of the configuration, and every weight set to 0 removes its part', async () => {
    const cases = [departingCase, tamperingCase, afterHoursCase, outsideRoleCase];
    const before = await Promise.all(cases.map(risk));
    for (const id of riskPartIds) {
      const which = before.findIndex((reply) => part(reply, id).points > 0);
      expect(which, `no case has points for ${id}`).toBeGreaterThanOrEqual(0);
      const caseId = cases[which]!;
      await saveConfiguration({
        ...defaultConfiguration,
        riskWeights: { ...defaultConfiguration.riskWeights, [id]: 0 },
      });
      await analyse(t, caseId);
      const after = await risk(caseId);
      expect(part(after, id).points, id).toBe(0);
      expect(after.score, id).toBeLessThan(before[which]!.score);
    }
    await saveConfiguration(defaultConfiguration);
    for (const caseId of cases) await analyse(t, caseId);
    expect((await risk(departingCase)).score).toBe(before[0]!.score);
  });

  it('names the incidents behind the incidents part and the events behind the others', async () => {
    const reply = await risk(tamperingCase);
    const incidents = (await analyst.get(`/investigations/${tamperingCase}/incidents`)).body
      .incidents as Array<{ id: string; eventCount: number }>;
    expect(incidents.length).toBeGreaterThan(0);
    const named = part(reply, 'incidents').evidence.incidents;
    expect(named.map((i) => i.id).sort()).toEqual(incidents.map((i) => i.id).sort());
    for (const incident of named)
      expect(incident.eventCount).toBe(incidents.find((i) => i.id === incident.id)!.eventCount);

    const hygiene = (
      await analyst.get(`/investigations/${tamperingCase}/findings/security-hygiene`)
    ).body.items as Array<{ title: string; severity: string; count: number }>;
    const found = hygiene.filter((item) => item.count > 0 && item.severity !== 'none');
    expect(found.length).toBeGreaterThan(0);
    // An event two checks count (a tampering command that also clears logs) is one event
    // behind the part: the count is of distinct events, what its drill-down lists.
    const evidence = part(reply, 'securityHygiene').evidence;
    expect(evidence.page).toBe('security-hygiene');
    expect(evidence.eventCount).toBeGreaterThan(0);
    expect(evidence.eventCount).toBeLessThanOrEqual(
      found.reduce((sum, item) => sum + item.count, 0),
    );
    expect(part(reply, 'securityHygiene').evidence.items).toEqual(
      found.map((item) => ({ label: item.title, count: item.count })),
    );

    const outsideRole = await risk(outsideRoleCase);
    const requests = (
      await analyst.get(`/investigations/${outsideRoleCase}/findings/access-requests`)
    ).body.requests as Array<{ id: string; flagged: boolean }>;
    const flagged = requests.filter((r) => r.flagged).map((r) => r.id);
    expect(flagged.length).toBeGreaterThan(0);
    expect([...part(outsideRole, 'accessRequests').evidence.eventIds].sort()).toEqual(
      flagged.sort(),
    );
    const departing = await risk(departingCase);
    const transfers = part(departing, 'exfiltration').evidence;
    expect(transfers.eventCount).toBeGreaterThan(0);
    expect(transfers.eventIds.length).toBe(Math.min(100, transfers.eventCount));
  });

  it('says when the cap hides part of the total', async () => {
    const heavy = Object.fromEntries(
      riskPartIds.map((id) => [id, 10]),
    ) as Configuration['riskWeights'];
    await saveConfiguration({ ...defaultConfiguration, riskWeights: heavy });
    await analyse(t, departingCase);
    const capped = await risk(departingCase);
    expect(capped.score).toBe(100);
    expect(capped.capped).toBe(true);
    expect(capped.partsTotal).toBeGreaterThan(100);
    expect(capped.partsTotal).toBeCloseTo(
      capped.parts.reduce((sum, p) => sum + p.points, 0),
      1,
    );
    await saveConfiguration(defaultConfiguration);
    await analyse(t, departingCase);
    expect((await risk(departingCase)).capped).toBe(false);
  });
});

describe('evidence that outlives dismissed incidents', () => {
  it('keeps the security hygiene findings of the tampering case in its score once every incident is dismissed', async () => {
    const incidents = (await analyst.get(`/investigations/${tamperingCase}/incidents`)).body
      .incidents as Array<{ id: string }>;
    for (const incident of incidents) {
      const dismissed = await analyst.patch(
        `/investigations/${tamperingCase}/incidents/${incident.id}`,
        { status: 'dismissed', reason: 'Authorised maintenance (CHG-981).' },
      );
      expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    }
    for (const reply of [
      await risk(tamperingCase),
      await analyse(t, tamperingCase).then(() => risk(tamperingCase)),
    ]) {
      expect(part(reply, 'incidents').points).toBe(0);
      expect(part(reply, 'securityHygiene').points).toBeGreaterThan(0);
      expect(reply.score).toBeGreaterThan(0);
      expect(reply.level).toBe(riskLevelForScore(reply.score));
      expect((await analyst.get(`/investigations/${tamperingCase}`)).body).toMatchObject({
        riskScore: reply.score,
        riskLevel: reply.level,
      });
    }
  });
});

describe('saving the configuration', () => {
  it('queues the analysis of every case not closed, so no score is left stale', async () => {
    const closed = (await openCase(analyst, quietEmployees(manifest)[2]!, manifest, 'Closed')).id;
    await analyse(t, closed);
    await t.db
      .updateTable('investigations')
      .set({ status: 'closed' })
      .where('id', '=', closed)
      .execute();
    const state = async (id: string) =>
      (await analyst.get(`/investigations/${id}`)).body.analysis.state as string;
    expect(await state(departingCase)).toBe('idle');
    expect(await state(tamperingCase)).toBe('idle');
    await saveConfiguration({
      ...defaultConfiguration,
      riskWeights: { ...defaultConfiguration.riskWeights, afterHours: 0.9 },
    });
    expect(await state(departingCase)).toBe('pending');
    expect(await state(tamperingCase)).toBe('pending');
    expect(await state(closed)).toBe('idle');
    const last = (await auditDetails('configuration.update', '1')).at(-1)!;
    expect(last.requeuedIds).toEqual(expect.arrayContaining([departingCase, tamperingCase]));
    expect(last.requeuedIds).not.toContain(closed);
    expect(last.requeued).toBe((last.requeuedIds as string[]).length);
  });
});
