import { describe, expect, it } from 'vitest';
import { Prng, prngFor } from '../../../src/server/demo/generator/prng';

describe('the seeded random stream', () => {
  it('repeats for the same label and differs for another', () => {
    const a = prngFor(7, 'okta', 'E10001');
    const b = prngFor(7, 'okta', 'E10001');
    const c = prngFor(8, 'okta', 'E10001');
    const draw = (p: Prng): number[] => Array.from({ length: 20 }, () => p.uint32());
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
  });

  it('keeps draws in their ranges', () => {
    const p = new Prng('ranges');
    for (let i = 0; i < 5000; i++) {
      const x = p.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = p.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });

  it('draws Poisson counts around their mean and weighted picks in proportion', () => {
    const p = new Prng('shape');
    const counts = Array.from({ length: 4000 }, () => p.poisson(6));
    const mean = counts.reduce((s, x) => s + x, 0) / counts.length;
    expect(mean).toBeGreaterThan(5.7);
    expect(mean).toBeLessThan(6.3);
    const picks = Array.from({ length: 4000 }, () =>
      p.weighted([
        ['a', 3],
        ['b', 1],
      ] as const),
    );
    const a = picks.filter((x) => x === 'a').length / picks.length;
    expect(a).toBeGreaterThan(0.7);
    expect(a).toBeLessThan(0.8);
  });

  it('makes well-formed identifiers', () => {
    const p = new Prng('ids');
    expect(p.uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(p.hex(13)).toMatch(/^[0-9a-f]{13}$/);
    expect(p.alnum(22)).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(new Set(Array.from({ length: 1000 }, () => p.alnum(12))).size).toBe(1000);
  });
});
