import { describe, expect, it } from 'vitest';

import type { RiskInputs } from '../../../src/server/analysis/runs/risk-score';
import { scoreRisk, shownRiskLevel } from '../../../src/server/analysis/runs/risk-score';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import { riskPartIds } from '../../../src/shared/schemas/risk';

const quiet: RiskInputs = {
  incidents: [],
  resignation: null,
  departure: null,
  departureEventIds: [],
  afterHours: { total: 1000, offHours: 100 },
  externalTransfers: { count: 0, ids: [] },
  hygiene: [{ title: 'Password resets', severity: 'none', count: 0 }],
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
  afterHours: { total: 1000, offHours: 500 },
  externalTransfers: { count: 7, ids: ['1', '2', '3', '4', '5', '6', '7'] },
  hygiene: [
    { title: 'Security tools tampered with', severity: 'critical', count: 2 },
    { title: 'MFA disabled or bypassed', severity: 'high', count: 1 },
    { title: 'Password resets', severity: 'none', count: 0 },
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
      afterHours: { total: 1000, offHours: 900 },
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
