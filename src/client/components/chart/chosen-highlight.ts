import type { Data } from 'plotly.js';

import type { KeyPoint } from './chart-points';

/** Accent of the chosen point: visible on both themes over any colour scale. */
const OUTLINE = '#f5a623';

type SankeyTrace = {
  type: 'sankey';
  link?: { value?: ArrayLike<number>; color?: string | string[] };
};

/**
 * The chart's traces with the point the keys chose drawn out, so the chart shows it and not
 * only the line under it: a heatmap cell gets an outline (a marker over it), a sankey flow
 * keeps its colour while the other flows fade. Other charts show Plotly's hover label.
 */
export function withChosenHighlight(data: readonly Data[], chosen: KeyPoint | null): Data[] {
  if (!chosen) return [...data];
  const trace = data[chosen.point.curveNumber] as { type?: string } | undefined;
  if (trace?.type === 'heatmap') {
    return [
      ...data,
      {
        type: 'scatter',
        mode: 'markers',
        x: [chosen.point.x],
        y: [chosen.point.y],
        marker: { symbol: 'square-open', size: 26, line: { width: 3, color: OUTLINE } },
        hoverinfo: 'skip',
        showlegend: false,
      },
    ];
  }
  if (trace?.type === 'sankey') {
    const sankey = trace as SankeyTrace;
    const count = sankey.link?.value?.length ?? 0;
    const color = Array.from({ length: count }, (_, i) =>
      i === chosen.point.pointIndex ? OUTLINE : 'rgba(128, 128, 128, 0.18)',
    );
    return data.map((t, i) =>
      i === chosen.point.curveNumber ? ({ ...sankey, link: { ...sankey.link, color } } as Data) : t,
    );
  }
  return [...data];
}
