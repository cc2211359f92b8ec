import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Manifest } from '../../../src/server/demo/generator/index';
import type { ApiClient, TestApp } from '../support/test-app';
import { startTestApp } from '../support/test-app';
import {
  addEvidenceReaderRole,
  analyse,
  loadDataset,
  openCase,
  subjectOf,
  windowOf,
} from './support';

let t: TestApp;
let analyst: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let manifest: Manifest;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  reader = await t.signInAs(await addEvidenceReaderRole(t));
  outsider = await t.signInAs('investigator');
  manifest = await loadDataset(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function incidentsOf(caseId: string, client = analyst) {
  const reply = await client.get(`/investigations/${caseId}/incidents`);
  expect(reply.status).toBe(200);
  return reply.body.incidents as Array<{
    id: string;
    ruleId: string;
    status: string;
    statusReason: string | null;
    statusBy: { id: string } | null;
    techniques: string[];
  }>;
}

async function openAnalysedCase(scenario: string) {
  const created = await openCase(analyst, subjectOf(manifest, scenario), manifest);
  await analyse(t, created.id);
  return created.id;
}

describe('changing an incident’s status', () => {
  it('needs a reason to dismiss', async () => {
    const caseId = await openAnalysedCase('security-tampering');
    const [first] = await incidentsOf(caseId);
    const reply = await analyst.patch(`/investigations/${caseId}/incidents/${first!.id}`, {
      status: 'dismissed',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error: 'Bad Request',
      message: expect.stringMatching(/reason/),
    });
    const unknown = await analyst.patch(`/investigations/${caseId}/incidents/${first!.id}`, {
      status: 'closed',
    });
    expect(unknown.status).toBe(400);
  });

  it('survives re-runs: dismissed stays dismissed with its reason, acknowledged and confirmed stay', async () => {
    const caseId = await openAnalysedCase('security-tampering');
    const incidents = await incidentsOf(caseId);
    expect(incidents.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = incidents;
    const dismissed = await analyst.patch(`/investigations/${caseId}/incidents/${a!.id}`, {
      status: 'dismissed',
      reason: 'Approved maintenance window (CHG-1234).',
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({
      status: 'dismissed',
      statusReason: 'Approved maintenance window (CHG-1234).',
      statusBy: { id: analyst.user!.id },
    });
    await analyst.patch(`/investigations/${caseId}/incidents/${b!.id}`, { status: 'acknowledged' });
    await analyst.patch(`/investigations/${caseId}/incidents/${c!.id}`, {
      status: 'confirmed',
      reason: 'Matches the device forensics.',
    });

    await analyse(t, caseId);
    await analyse(t, caseId);
    const after = new Map((await incidentsOf(caseId)).map((i) => [i.id, i]));
    expect(after.get(a!.id)).toMatchObject({
      status: 'dismissed',
      statusReason: 'Approved maintenance window (CHG-1234).',
    });
    expect(after.get(b!.id)).toMatchObject({ status: 'acknowledged' });
    expect(after.get(c!.id)).toMatchObject({
      status: 'confirmed',
      statusReason: 'Matches the device forensics.',
    });
    expect(after.size).toBe(incidents.length);
  });

  it('is audited with the status and reason before and after', async () => {
    const caseId = await openAnalysedCase('mass-deletion');
    const [incident] = await incidentsOf(caseId);
    await analyst.patch(`/investigations/${caseId}/incidents/${incident!.id}`, {
      status: 'dismissed',
      reason: 'Clean-up before a laptop swap.',
    });
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'incident.update')
      .where('target_id', '=', incident!.id)
      .execute();
    expect(rows).toHaveLength(1);
    const details =
      typeof rows[0]!.details === 'string' ? JSON.parse(rows[0]!.details) : rows[0]!.details;
    expect(details.changes).toEqual({
      status: { from: 'open', to: 'dismissed' },
      reason: { from: null, to: 'Clean-up before a laptop swap.' },
    });
    expect(rows[0]!.actor_user_id).toBe(analyst.user!.id);
  });

  it('removes open incidents a re-run no longer produces and keeps those people acted on', async () => {
    const scenario = manifest.scenarios.find((s) => s.scenario === 'departing-exfiltration')!;
    const created = await openCase(analyst, scenario.employeeId, manifest);
    await analyse(t, created.id);
    const before = await incidentsOf(created.id);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const kept = before[0]!;
    await analyst.patch(`/investigations/${created.id}/incidents/${kept.id}`, {
      status: 'dismissed',
      reason: 'Reviewed with HR.',
    });

    // Move the window to end before the storyline: nothing fires any more.
    const moved = await analyst.patch(`/investigations/${created.id}`, {
      windowEnd: scenario.startMs - 2 * 86_400_000,
    });
    expect(moved.body.analysis.state).toBe('pending');
    await analyse(t, created.id);
    const during = await incidentsOf(created.id);
    expect(during.map((i) => i.id)).toEqual([kept.id]);
    expect(during[0]).toMatchObject({ status: 'dismissed', statusReason: 'Reviewed with HR.' });

    // And back: the dismissed one is found again by its fingerprint, still dismissed.
    await analyst.patch(`/investigations/${created.id}`, {
      windowEnd: windowOf(manifest).windowEnd,
    });
    await analyse(t, created.id);
    const again = await incidentsOf(created.id);
    expect(again.length).toBe(before.length);
    expect(again.find((i) => i.id === kept.id)).toMatchObject({
      status: 'dismissed',
      statusReason: 'Reviewed with HR.',
    });
    expect(again.filter((i) => i.id !== kept.id).every((i) => i.status === 'open')).toBe(true);
  });

  it('lowers the risk score at once when incidents are dismissed', async () => {
    const caseId = await openAnalysedCase('mass-deletion');
    const before = (await analyst.get(`/investigations/${caseId}`)).body.riskScore;
    expect(before).toBeGreaterThan(0);
    for (const incident of await incidentsOf(caseId)) {
      await analyst.patch(`/investigations/${caseId}/incidents/${incident.id}`, {
        status: 'dismissed',
        reason: 'Planned clean-up.',
      });
    }
    const after = await analyst.get(`/investigations/${caseId}`);
    expect(after.body.riskScore).toBeLessThan(before);
    const risk = await analyst.get(`/investigations/${caseId}/risk`);
    expect(risk.body.parts.find((p: { id: string }) => p.id === 'incidents')).toMatchObject({
      points: 0,
    });
  });

  it('is refused without evidence.write (403) and on a closed case (409)', async () => {
    const caseId = await openAnalysedCase('mass-repo-clone');
    const [incident] = await incidentsOf(caseId);
    const forbidden = await reader.patch(`/investigations/${caseId}/incidents/${incident!.id}`, {
      status: 'acknowledged',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({
      error: 'Forbidden',
      message: expect.stringMatching(/change incidents/),
    });
    expect((await reader.get(`/investigations/${caseId}/incidents`)).status).toBe(200);

    await analyst.patch(`/investigations/${caseId}`, {
      status: 'closed',
      outcome: 'benign',
      outcomeReason: 'Nothing found beyond approved work.',
    });
    const closed = await analyst.patch(`/investigations/${caseId}/incidents/${incident!.id}`, {
      status: 'acknowledged',
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
  });
});

describe('visibility', () => {
  it('answers the brief’s 404 on every incident route of a case the caller may not see', async () => {
    const caseId = await openAnalysedCase('cloud-upload');
    const [incident] = await incidentsOf(caseId);
    const paths = [
      `/investigations/${caseId}/incidents`,
      `/investigations/${caseId}/incidents/summary`,
      `/investigations/${caseId}/incidents/timeline`,
      `/investigations/${caseId}/incidents/${incident!.id}`,
      `/investigations/${caseId}/active-techniques`,
      `/investigations/${caseId}/attack-layer`,
      `/investigations/${caseId}/risk`,
    ];
    for (const path of paths) {
      const reply = await outsider.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({
        error: 'Not Found',
        message: `Investigation report ${caseId} not found`,
      });
    }
    const patch = await outsider.patch(`/investigations/${caseId}/incidents/${incident!.id}`, {
      status: 'acknowledged',
    });
    expect(patch.status).toBe(404);
    const search = await outsider.get('/incidents/search', { q: '' });
    expect(
      search.body.incidents.filter(
        (i: { investigationId: string }) => i.investigationId === caseId,
      ),
    ).toEqual([]);
  });

  it('answers 404 for an incident of another case and 401 without a session', async () => {
    const one = await openAnalysedCase('cloud-upload');
    const other = await openAnalysedCase('mass-deletion');
    const [incident] = await incidentsOf(one);
    const reply = await analyst.get(`/investigations/${other}/incidents/${incident!.id}`);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/There is no incident with that id in this investigation/);
    expect((await t.anonymous.get(`/investigations/${one}/incidents`)).status).toBe(401);
  });
});
