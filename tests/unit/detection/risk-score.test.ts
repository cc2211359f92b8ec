import { describe, expect, it } from 'vitest';

import { combineRiskLevels, scoreRisk } from '../../../src/server/analysis/runs/risk-score';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';

const inputs = {
  incidents: [] as Array<{ severity: string; status: string }>,
  resignation: null,
  departure: null,
  afterHours: { total: 1000, offHours: 100 },
  externalTransfers: 0,
  weights: defaultConfiguration.riskWeights,
};

describe('the risk score', () => {
  it('is 0 for a quiet subject and explains every part', () => {
    const { score, parts } = scoreRisk(inputs);
    expect(score).toBe(0);
    expect(parts.map((p) => p.id)).toEqual([
      'incidents',
      'departure',
      'exfiltration',
      'afterHours',
    ]);
    for (const part of parts) expect(part.sentence.length).toBeGreaterThan(10);
  });

  it('grows with incidents, leaves dismissed ones out and stays within 100', () => {
    const one = scoreRisk({ ...inputs, incidents: [{ severity: 'high', status: 'open' }] }).score;
    const dismissed = scoreRisk({
      ...inputs,
      incidents: [{ severity: 'high', status: 'dismissed' }],
    }).score;
    const many = scoreRisk({
      ...inputs,
      incidents: Array.from({ length: 10 }, () => ({ severity: 'critical', status: 'confirmed' })),
      resignation: '2026-11-01',
      externalTransfers: 100,
      afterHours: { total: 1000, offHours: 900 },
    }).score;
    expect(one).toBeGreaterThan(0);
    expect(dismissed).toBe(0);
    expect(many).toBe(100);
  });

  it('follows the configured weights', () => {
    const heavy = scoreRisk({
      ...inputs,
      resignation: '2026-11-01',
      weights: { ...inputs.weights, departure: 2 },
    });
    const none = scoreRisk({
      ...inputs,
      resignation: '2026-11-01',
      weights: { ...inputs.weights, departure: 0 },
    });
    expect(heavy.score).toBeGreaterThan(none.score);
    expect(none.score).toBe(0);
  });
});

describe('manual and computed risk levels', () => {
  it('keeps the level the creator chose when it is higher than the computed one', () => {
    expect(combineRiskLevels({ current: 'high', previous: undefined, score: 10 })).toEqual({
      computedLevel: 'low',
      manualLevel: 'high',
      level: 'high',
    });
  });

  it('raises the case to the computed level when the evidence says more', () => {
    expect(
      combineRiskLevels({
        current: 'medium',
        previous: { computedLevel: 'low', manualLevel: 'medium' },
        score: 85,
      }).level,
    ).toBe('critical');
  });

  it('notices a level set by hand since the last run, and remembers it', () => {
    const first = combineRiskLevels({
      current: 'critical',
      previous: { computedLevel: 'medium', manualLevel: null },
      score: 40,
    });
    expect(first).toEqual({ computedLevel: 'medium', manualLevel: 'critical', level: 'critical' });
    const later = combineRiskLevels({
      current: 'critical',
      previous: { computedLevel: 'medium', manualLevel: 'critical' },
      score: 10,
    });
    expect(later.level).toBe('critical');
  });

  it('does not let a hand-set lower level hide what the evidence computes', () => {
    expect(
      combineRiskLevels({
        current: 'low',
        previous: { computedLevel: 'high', manualLevel: null },
        score: 65,
      }).level,
    ).toBe('high');
  });
});
