import { describe, expect, it } from 'vitest';

import type { RiskInputs } from '../../../src/server/analysis/runs/risk-score';
import { scoreRisk, shownRiskLevel } from '../../../src/server/analysis/runs/risk-score';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import type { Severity } from '../../../src/shared/schemas/findings/common';
import { riskPartIds } from '../../../src/shared/schemas/risk';

const zone = { offsetMs: 0, startHour: 9, endHour: 17 };
const window = { from: Date.parse('2026-10-01'), to: Date.parse('2026-11-01') };
const check = (title: string, severity: Severity, count: number, activities: string[] = []) => ({
  title,
  severity,
  count,
  activities,
  commandPatterns: [],
  unmanagedDevices: false,
});

const quiet: RiskInputs = {
  window,
  incidents: [],
  resignation: null,
  departure: null,
  departureEventIds: [],
  afterHours: { total: 1000, offHours: 100, zone },
  externalTransfers: { count: 0, ids: [] },
  hygiene: [check('Password resets', 'none', 0)],
  flaggedRequests: [],
  weights: defaultConfiguration.riskWeights,
};

let next = 0;
const incident = (severity: string, status = 'open') => ({
  id: `incident-${++next}`,
  title: `A ${severity} incident`,
  severity,
  status,
  eventCount: 3,
});

/** A subject with something in every part. */
const busy: RiskInputs = {
  ...quiet,
  incidents: [incident('high'), incident('medium', 'dismissed')],
  resignation: '2026-11-01',
  departureEventIds: ['41'],
  afterHours: { total: 1000, offHours: 500, zone },
  externalTransfers: { count: 7, ids: ['1', '2', '3', '4', '5', '6', '7'] },
  hygiene: [
    check('Security tools tampered with', 'critical', 2, ['security_tool_tamper']),
    check('MFA disabled or bypassed', 'high', 1, ['mfa_disable', 'mfa_bypass']),
    check('Password resets', 'none', 0, ['password_reset']),
  ],
  flaggedRequests: [
    { id: '90', resource: 'Payroll database' },
    { id: '91', resource: 'Payroll database' },
  ],
};

const pointsOf = (inputs: RiskInputs, id: string) =>
  scoreRisk(inputs).parts.find((part) => part.id === id)!.points;

describe('the risk score', () => {
  it('is 0 for a quiet subject and has one explained part per weight of the configuration', () => {
    const { score, parts } = scoreRisk(quiet);
    expect(score).toBe(0);
    expect(parts.map((p) => p.id).sort()).toEqual([...riskPartIds].sort());
    expect(riskPartIds.length).toBe(Object.keys(defaultConfiguration.riskWeights).length);
    for (const part of parts) expect(part.sentence.length).toBeGreaterThan(10);
  });

  it('moves with every weight: a weight of 0 removes its part, a larger one grows it', () => {
    for (const id of riskPartIds) {
      const base = pointsOf(busy, id);
      expect(base, id).toBeGreaterThan(0);
      expect(pointsOf({ ...busy, weights: { ...busy.weights, [id]: 0 } }, id), id).toBe(0);
      expect(pointsOf({ ...busy, weights: { ...busy.weights, [id]: 2 } }, id), id).toBeGreaterThan(
        base,
      );
    }
  });

  it('counts security hygiene findings whatever became of the incidents', () => {
    const dismissed = scoreRisk({
      ...quiet,
      incidents: [incident('critical', 'dismissed')],
      hygiene: busy.hygiene,
    });
    expect(dismissed.parts.find((p) => p.id === 'incidents')!.points).toBe(0);
    expect(dismissed.score).toBeGreaterThan(0);
  });

  it('grows with incidents, leaves dismissed ones out and caps the score at 100, saying what the parts add to', () => {
    const one = scoreRisk({ ...quiet, incidents: [incident('high')] }).score;
    const dismissed = scoreRisk({ ...quiet, incidents: [incident('high', 'dismissed')] }).score;
    const many = scoreRisk({
      ...busy,
      incidents: Array.from({ length: 10 }, () => incident('critical', 'confirmed')),
      externalTransfers: { count: 100, ids: [] },
      afterHours: { total: 1000, offHours: 900, zone },
    });
    expect(one).toBeGreaterThan(0);
    expect(dismissed).toBe(0);
    expect(many.score).toBe(100);
    expect(many.partsTotal).toBeGreaterThan(100);
    expect(many.partsTotal).toBeCloseTo(
      many.parts.reduce((sum, part) => sum + part.points, 0),
      5,
    );
  });

  it('names the incidents and events behind each part', () => {
    const { parts } = scoreRisk(busy);
    const byId = Object.fromEntries(parts.map((p) => [p.id, p.evidence]));
    expect(byId.incidents!.incidents.map((i) => i.id)).toEqual([busy.incidents[0]!.id]);
    expect(byId.incidents!.eventCount).toBe(3);
    expect(byId.exfiltration).toMatchObject({ eventCount: 7, page: 'file-access' });
    expect(byId.exfiltration!.eventIds).toHaveLength(7);
    expect(byId.securityHygiene).toMatchObject({
      eventCount: 3,
      page: 'security-hygiene',
      items: [
        { label: 'Security tools tampered with', count: 2 },
        { label: 'MFA disabled or bypassed', count: 1 },
      ],
    });
    expect(byId.accessRequests).toMatchObject({
      eventIds: ['90', '91'],
      items: [{ label: 'Payroll database', count: 2 }],
    });
    expect(byId.departure!.eventIds).toEqual(['41']);
  });

  it('says how to list the events behind each part, with the settings that counted them', () => {
    const { parts } = scoreRisk(busy);
    const byId = Object.fromEntries(parts.map((p) => [p.id, p.evidence.events]));
    expect(byId.incidents).toEqual({ kind: 'incidents', incidentIds: [busy.incidents[0]!.id] });
    expect(byId.exfiltration).toEqual({ kind: 'transfers', ...window });
    expect(byId.afterHours).toEqual({ kind: 'afterHours', ...window, ...zone });
    // Only the checks that found something: password resets found nothing.
    expect(byId.securityHygiene).toEqual({
      kind: 'hygiene',
      ...window,
      activities: ['mfa_bypass', 'mfa_disable', 'security_tool_tamper'],
      commandPatterns: [],
      unmanagedDevices: false,
    });
    expect(byId.accessRequests).toEqual({ kind: 'ids', ids: ['90', '91'] });
    expect(byId.departure).toEqual({ kind: 'ids', ids: ['41'] });
    for (const part of scoreRisk(quiet).parts) expect(part.evidence.events, part.id).toBeNull();
  });

  it("calls the first part of a person's score Alerts, since it counts their alerts", () => {
    const person = scoreRisk({ ...busy, counts: 'alerts' }).parts[0]!;
    expect(person).toMatchObject({ id: 'incidents', label: 'Alerts' });
    expect(person.sentence).toMatch(/^1 alert count/);
    expect(person.evidence.events).toBeNull();
    expect(scoreRisk(busy).parts[0]!.label).toBe('Incidents');
  });
});

describe('the level a case shows', () => {
  it('is the computed level when nobody set one by hand', () => {
    expect(shownRiskLevel('medium', null)).toBe('medium');
  });

  it('is a higher level set by hand, never a lower one', () => {
    expect(shownRiskLevel('low', 'critical')).toBe('critical');
    expect(shownRiskLevel('high', 'medium')).toBe('high');
  });
});
