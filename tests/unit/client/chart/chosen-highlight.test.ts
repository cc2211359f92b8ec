import type { Data } from 'plotly.js';
import { describe, expect, it } from 'vitest';

import { keyLanes } from '../../../../src/client/components/chart/chart-points';
import { withChosenHighlight } from '../../../../src/client/components/chart/chosen-highlight';

describe('the point the keys chose is drawn out on the chart', () => {
  it('a heatmap cell gets an outline at its place', () => {
    const data: Data[] = [
      {
        type: 'heatmap',
        x: ['0', '1'],
        y: ['Mon', 'Tue'],
        z: [
          [1, 2],
          [3, 4],
        ],
      },
    ];
    const chosen = keyLanes(data)[1]![0]!;
    const drawn = withChosenHighlight(data, chosen);
    expect(drawn).toHaveLength(2);
    expect(drawn[1]).toMatchObject({ type: 'scatter', x: ['0'], y: ['Tue'], hoverinfo: 'skip' });
    expect(withChosenHighlight(data, null)).toEqual(data);
  });

  it('a sankey flow keeps its colour while the others fade', () => {
    const data: Data[] = [
      {
        type: 'sankey',
        node: { label: ['Confidential', 'Download', 'USB'] },
        link: { source: [0, 1], target: [1, 2], value: [5, 3] },
      },
    ];
    const chosen = keyLanes(data)[0]![1]!;
    const link = (withChosenHighlight(data, chosen)[0] as { link: { color: string[] } }).link;
    expect(link.color).toHaveLength(2);
    expect(link.color[1]).not.toBe(link.color[0]);
    expect(link.color[0]).toMatch(/rgba\(.*0\.18\)/);
  });
});
