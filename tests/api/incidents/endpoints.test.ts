import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attackTactics, isKnownTechnique } from '../../../src/shared/attack';
import type { Manifest } from '../../../src/server/demo/generator/index';
import type { ApiClient, TestApp } from '../support/test-app';
import { startTestApp } from '../support/test-app';
import { analyse, loadDataset, openCase, subjectOf } from './support';

let t: TestApp;
let analyst: ApiClient;
let manifest: Manifest;
let departingCase: string;
let tamperingCase: string;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  manifest = await loadDataset(t);
  const departing = manifest.scenarios.find(
    (s) => s.scenario === 'departing-exfiltration' && s.techniques.includes('T1560'),
  )!;
  departingCase = (await openCase(analyst, departing.employeeId, manifest, 'Departing engineer'))
    .id;
  tamperingCase = (
    await openCase(analyst, subjectOf(manifest, 'security-tampering'), manifest, 'Tampering')
  ).id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('before the first analysis run', () => {
  it('says pending and shows no incidents yet', async () => {
    const summary = await analyst.get(`/investigations/${departingCase}/incidents/summary`);
    expect(summary.body).toMatchObject({ pending: true, total: 0 });
    const techniques = await analyst.get(`/investigations/${departingCase}/active-techniques`);
    expect(techniques.body).toEqual({ pending: true, techniques: [] });
    await analyse(t, departingCase);
    await analyse(t, tamperingCase);
  });
});

describe('GET /incidents/summary and /incidents', () => {
  it('counts by severity, status and technique, agreeing with the list', async () => {
    const summary = (await analyst.get(`/investigations/${departingCase}/incidents/summary`)).body;
    const list = (await analyst.get(`/investigations/${departingCase}/incidents`)).body.incidents;
    expect(summary.pending).toBe(false);
    expect(summary.total).toBe(list.length);
    expect(Object.values(summary.bySeverity).reduce((a: number, b) => a + (b as number), 0)).toBe(
      list.length,
    );
    expect(summary.byStatus.open).toBe(list.length);
    const usb = summary.byTechnique.find(
      (entry: { technique: string }) => entry.technique === 'T1052.001',
    );
    expect(usb).toEqual({ technique: 'T1052.001', name: 'Exfiltration over USB', count: 1 });
  });

  it('filters by technique, status and severity, and refuses a malformed technique', async () => {
    const byTechnique = await analyst.get(`/investigations/${tamperingCase}/incidents`, {
      technique: 'T1098',
    });
    expect(byTechnique.body.incidents.length).toBeGreaterThan(0);
    for (const incident of byTechnique.body.incidents)
      expect(incident.techniques).toContain('T1098');
    const critical = await analyst.get(`/investigations/${tamperingCase}/incidents`, {
      severity: 'critical',
    });
    expect(
      critical.body.incidents.every((i: { severity: string }) => i.severity === 'critical'),
    ).toBe(true);
    expect(
      (await analyst.get(`/investigations/${tamperingCase}/incidents`, { status: 'dismissed' }))
        .body.incidents,
    ).toEqual([]);
    const bad = await analyst.get(`/investigations/${tamperingCase}/incidents`, {
      technique: 'usb',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/T1052/);
    expect(
      (await analyst.get(`/investigations/${tamperingCase}/incidents`, { sort: 'x' })).status,
    ).toBe(400);
  });
});

describe('GET /active-techniques', () => {
  it('lists each technique with its tactics, incident count and incidents; dismissed ones drop out', async () => {
    const reply = (await analyst.get(`/investigations/${tamperingCase}/active-techniques`)).body;
    const ids = reply.techniques.map((entry: { technique: string }) => entry.technique);
    expect(ids).toEqual(expect.arrayContaining(['T1059.001', 'T1070', 'T1098']));
    const account = reply.techniques.find(
      (entry: { technique: string }) => entry.technique === 'T1098',
    );
    // The JSON rule and the Sigma rules that name the technique each raise their incident.
    expect(account).toMatchObject({
      name: 'Account Manipulation',
      tactics: ['persistence', 'privilege-escalation'],
      count: account.incidents.length,
    });
    expect(account.count).toBeGreaterThanOrEqual(1);
    for (const incident of account.incidents) {
      const dismissed = await analyst.patch(
        `/investigations/${tamperingCase}/incidents/${incident}`,
        { status: 'dismissed', reason: 'Test account.' },
      );
      expect(dismissed.status).toBe(200);
    }
    const after = (await analyst.get(`/investigations/${tamperingCase}/active-techniques`)).body;
    expect(after.techniques.map((entry: { technique: string }) => entry.technique)).not.toContain(
      'T1098',
    );
  });
});

describe('GET /incidents/timeline', () => {
  it('returns every incident event of the case in time order, paged by cursor', async () => {
    const all = (await analyst.get(`/investigations/${departingCase}/incidents/timeline`)).body;
    expect(all.next).toBeNull();
    const times = all.events.map((e: { time: number }) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const incidents = new Set(
      (await analyst.get(`/investigations/${departingCase}/incidents`)).body.incidents.map(
        (i: { id: string }) => i.id,
      ),
    );
    for (const event of all.events) {
      expect(event.incidentIds.length).toBeGreaterThan(0);
      for (const id of event.incidentIds) expect(incidents.has(id)).toBe(true);
    }
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (
        await analyst.get(`/investigations/${departingCase}/incidents/timeline`, {
          limit: 7,
          ...(cursor ? { cursor } : {}),
        })
      ).body;
      paged.push(...page.events.map((e: { id: string }) => e.id));
      cursor = page.next;
    } while (cursor);
    expect(paged).toEqual(all.events.map((e: { id: string }) => e.id));
    expect(
      (
        await analyst.get(`/investigations/${departingCase}/incidents/timeline`, {
          cursor: 'yesterday',
        })
      ).status,
    ).toBe(400);
  });
});

describe('GET /incidents/search', () => {
  it('finds incidents by technique, title or subject across visible cases', async () => {
    const byTechnique = (await analyst.get('/incidents/search', { q: 't1052' })).body.incidents;
    expect(byTechnique.map((i: { investigationId: string }) => i.investigationId)).toContain(
      departingCase,
    );
    const byTitle = (await analyst.get('/incidents/search', { q: 'event logs' })).body.incidents;
    expect(byTitle[0]).toMatchObject({
      investigationId: tamperingCase,
      investigationTitle: 'Tampering',
      subjectName: expect.any(String),
    });
    expect((await analyst.get('/incidents/search', { q: 'zzz-nothing' })).body.incidents).toEqual(
      [],
    );
  });
});

/** The ATT&CK Navigator layer format 4.x, as Navigator reads it. */
function checkLayer(layer: any): string[] {
  const problems: string[] = [];
  const tactics = new Set<string>(attackTactics.map((tactic) => tactic.shortName));
  const hex = /^#[0-9a-fA-F]{6}$/;
  if (typeof layer.name !== 'string' || layer.name === '') problems.push('name');
  if (!/^4\.\d+$/.test(layer.versions?.layer)) problems.push('versions.layer');
  if (typeof layer.versions?.navigator !== 'string' || typeof layer.versions?.attack !== 'string')
    problems.push('versions');
  if (layer.domain !== 'enterprise-attack') problems.push('domain');
  if (!Array.isArray(layer.techniques) || layer.techniques.length === 0)
    problems.push('techniques');
  for (const technique of layer.techniques ?? []) {
    if (!/^T\d{4}(\.\d{3})?$/.test(technique.techniqueID))
      problems.push(`techniqueID ${technique.techniqueID}`);
    if (technique.tactic !== undefined && !tactics.has(technique.tactic))
      problems.push(`tactic ${technique.tactic}`);
    if (technique.score !== undefined && typeof technique.score !== 'number')
      problems.push('score');
    if (technique.color !== undefined && technique.color !== '' && !hex.test(technique.color))
      problems.push(`color ${technique.color}`);
    if (technique.comment !== undefined && typeof technique.comment !== 'string')
      problems.push('comment');
  }
  if (
    !Array.isArray(layer.gradient?.colors) ||
    !layer.gradient.colors.every((c: string) => hex.test(c))
  )
    problems.push('gradient.colors');
  if (!(layer.gradient?.minValue < layer.gradient?.maxValue)) problems.push('gradient range');
  if (
    !Array.isArray(layer.legendItems) ||
    !layer.legendItems.every((item: any) => typeof item.label === 'string' && hex.test(item.color))
  )
    problems.push('legendItems');
  return problems;
}

describe('GET /attack-layer', () => {
  it('downloads a Navigator layer (format 4.x) of the case’s techniques, with MITRE’s notice', async () => {
    const reply = await analyst.get(`/investigations/${departingCase}/attack-layer`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="vigil-.+-attack-layer\.json"$/,
    );
    expect(checkLayer(reply.body)).toEqual([]);
    const scored = reply.body.techniques.filter(
      (entry: { score?: number }) => entry.score !== undefined,
    );
    expect(scored.map((entry: { techniqueID: string }) => entry.techniqueID)).toEqual(
      expect.arrayContaining(['T1052.001', 'T1048', 'T1560']),
    );
    for (const entry of scored) expect(isKnownTechnique(entry.techniqueID)).toBe(true);
    expect(reply.body.techniques).toContainEqual(
      expect.objectContaining({
        techniqueID: 'T1052',
        tactic: 'exfiltration',
        showSubtechniques: true,
      }),
    );
    expect(reply.body.description).toMatch(/MITRE Corporation/);
  });

  it('fails the shape check on a broken layer (the check can fail)', () => {
    expect(
      checkLayer({ name: 'x', versions: { layer: '3.0' }, domain: 'mobile-attack', techniques: [] })
        .length,
    ).toBeGreaterThan(2);
  });
});

describe('GET /risk', () => {
  it('explains the score in parts, one per weight of the configuration, adding up to it', async () => {
    const risk = (await analyst.get(`/investigations/${departingCase}/risk`)).body;
    expect(risk.score).toBeGreaterThanOrEqual(60);
    expect(risk.parts.map((p: { id: string }) => p.id)).toEqual([
      'incidents',
      'exfiltration',
      'afterHours',
      'securityHygiene',
      'accessRequests',
      'departure',
    ]);
    const total = risk.parts.reduce((sum: number, p: { points: number }) => sum + p.points, 0);
    expect(risk.partsTotal).toBeCloseTo(total, 1);
    expect(risk.score).toBe(Math.min(100, Math.round(total)));
  });
});

describe('GET /insider-threat-matrix', () => {
  it('lists the matrix sections of the case’s incidents, each with the incidents behind it', async () => {
    const reply = await analyst.get<any>(`/investigations/${departingCase}/insider-threat-matrix`);
    expect(reply.status).toBe(200);
    const sections = reply.body.sections as any[];
    expect(sections.length).toBeGreaterThan(0);
    const incidents = (await analyst.get<any>(`/investigations/${departingCase}/incidents`)).body
      .incidents as any[];
    const rules = (await t.signInAs('admin').then((a) => a.get<any>('/detection/rules'))).body
      .rules as any[];
    for (const section of sections) {
      expect(section.count).toBe(section.incidents.length);
      expect(['MT', 'ME', 'PR', 'IF', 'AF']).toContain(section.theme);
      for (const id of section.incidents) {
        const incident = incidents.find((i) => i.id === id);
        expect(incident.status).not.toBe('dismissed');
        expect(rules.find((r) => r.id === incident.ruleId)).toBeDefined();
      }
    }
    // Departing with files to USB: removable media is among the means.
    expect(sections.map((s) => s.id)).toContain('ME005');
  });
});
