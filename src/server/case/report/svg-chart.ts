import { chartGeometry } from './chart-geometry';
import { escapeHtml } from './html-escape';
import type { ReportChart } from '../../analysis/findings/topic-report';

const r = (value: number) => Math.round(value * 10) / 10;

/** A chart as inline SVG, from the same geometry as the PDF's; every label escaped. */
export function svgChart(chart: ReportChart, width = 680, height = 180): string {
  const g = chartGeometry(chart, width, height, 10);
  const parts: string[] = [];
  for (const tick of g.yTicks) {
    parts.push(
      `<line x1="${r(g.plot.x)}" y1="${r(tick.y)}" x2="${r(g.plot.x + g.plot.width)}" y2="${r(tick.y)}" class="grid"/>`,
      `<text x="${r(g.plot.x - 4)}" y="${r(tick.y + 3)}" text-anchor="end">${escapeHtml(tick.label)}</text>`,
    );
  }
  for (const bar of g.bars)
    parts.push(
      `<rect x="${r(bar.x)}" y="${r(bar.y)}" width="${r(bar.width)}" height="${r(bar.height)}" fill="${bar.colour}"/>`,
    );
  for (const line of g.lines) {
    const points = line.points.map(([x, y]) => `${r(x)},${r(y)}`).join(' ');
    parts.push(
      `<polyline points="${points}" fill="none" stroke="${line.colour}" stroke-width="1.6"/>`,
    );
  }
  for (const tick of g.xTicks)
    parts.push(
      `<text x="${r(tick.x)}" y="${r(g.plot.y + g.plot.height + 12)}" text-anchor="middle">${escapeHtml(tick.label)}</text>`,
    );
  let lx = g.plot.x;
  for (const item of g.legend.length > 1 ? g.legend : []) {
    parts.push(
      `<rect x="${r(lx)}" y="2" width="8" height="8" fill="${item.colour}"/>`,
      `<text x="${r(lx + 11)}" y="9.5">${escapeHtml(item.name)}</text>`,
    );
    lx += 11 + item.name.length * 5.2 + 12;
  }
  const label = `${chart.title}: ${chart.series.map((s) => s.name).join(', ')} over ${chart.labels.length} points`;
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}">${parts.join('')}</svg>`;
}
