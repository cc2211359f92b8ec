import { describe, expect, it } from 'vitest';

import { summarizeData } from '../../../../src/client/components/chart/chart-summary';

describe('chart summary', () => {
  it('reads short series point by point', () => {
    expect(summarizeData([{ type: 'bar', x: ['Low', 'High'], y: [3, 1200] }])).toBe(
      'Low: 3, High: 1,200.',
    );
    expect(
      summarizeData([{ type: 'bar', orientation: 'h', y: ['Leaver'], x: [4], name: 'Types' }]),
    ).toBe('Types: Leaver: 4.');
  });

  it('describes long series by their extent', () => {
    const x = Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
    const y = x.map((_, i) => i % 7);
    expect(summarizeData([{ type: 'scatter', name: 'Opened', x, y }])).toBe(
      'Opened: 30 points from 2026-01-01 to 2026-01-30, from 0 to 6.',
    );
  });

  it('summarizes pies, heatmaps and sankeys', () => {
    expect(summarizeData([{ type: 'pie', labels: ['A', 'B'], values: [1, 2] }])).toBe(
      'A: 1, B: 2.',
    );
    expect(
      summarizeData([
        {
          type: 'heatmap',
          z: [
            [1, 2, 3],
            [4, 5, 6],
          ],
        },
      ]),
    ).toBe('a grid of 2 by 3 cells.');
    expect(
      summarizeData([
        {
          type: 'sankey',
          node: { label: ['a', 'b', 'c'] },
          link: { source: [0, 1], target: [1, 2], value: [5, 6] },
        },
      ]),
    ).toBe('2 flows between 3 nodes.');
    expect(summarizeData([])).toBe('No data.');
  });
});
