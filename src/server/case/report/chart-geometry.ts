import type { ReportChart } from '../../analysis/findings/topic-report';

/** The colours of a chart's series, in order; each readable on white and in greyscale print. */
export const SERIES_COLOURS = ['#2f5d9e', '#d9822b', '#3f9b5b', '#8a56b8', '#c2417e', '#6b7785'];

/** Where each part of a chart goes, in points from the chart's top left corner. */
export interface ChartGeometry {
  width: number;
  height: number;
  plot: { x: number; y: number; width: number; height: number };
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
  bars: Array<{ x: number; y: number; width: number; height: number; colour: string }>;
  lines: Array<{ points: Array<[number, number]>; colour: string }>;
  legend: Array<{ name: string; colour: string }>;
}

/** The smallest of 1, 2, 5 × 10^k at or above `value` (at least 1). */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function tickLabel(value: number, unit: string | undefined): string {
  const text =
    value >= 1_000_000
      ? `${+(value / 1_000_000).toFixed(1)}M`
      : value >= 10_000
        ? `${+(value / 1000).toFixed(1)}k`
        : value.toLocaleString('en-US');
  return `${text}${unit ?? ''}`;
}

/** Long date labels are shortened to month and day (`11-20`) when every label is a date. */
function shortLabels(labels: readonly string[]): string[] {
  return labels.every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l))
    ? labels.map((l) => l.slice(5))
    : [...labels];
}

/**
 * Lays a chart out in a box of `width` × `height`: a value axis from zero to a round maximum
 * with four grid lines, at most `maxXTicks` category labels, bars stacked per label (a bar
 * chart) or one polyline per series (a line chart). Renderers only draw what this returns, so
 * the PDF and the HTML charts are the same picture.
 */
export function chartGeometry(
  chart: ReportChart,
  width: number,
  height: number,
  maxXTicks = 8,
): ChartGeometry {
  const n = chart.labels.length;
  const legend = chart.series.map((s, i) => ({
    name: s.name,
    colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
  }));
  const totals = chart.labels.map((_, i) =>
    chart.kind === 'bar'
      ? chart.series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0)
      : Math.max(0, ...chart.series.map((s) => s.values[i] ?? 0)),
  );
  // At least 5, so small counts get whole-number ticks (0, 1, … 5).
  const top = niceCeiling(Math.max(4, ...totals));
  // Four steps, or five when that makes them whole numbers (a top of 50 steps by 10, not 12.5).
  const yTickCount = top % 4 !== 0 && top % 5 === 0 ? 5 : 4;
  const labelWidth = Math.max(24, tickLabel(top, chart.unit).length * 5 + 8);
  const legendHeight = chart.series.length > 1 ? 14 : 0;
  const plot = { x: labelWidth, y: 6 + legendHeight, width: width - labelWidth - 6, height: 0 };
  plot.height = height - plot.y - 18;
  const yOf = (value: number) => plot.y + plot.height - (value / top) * plot.height;
  const yTicks = Array.from({ length: yTickCount + 1 }, (_, i) => {
    const value = (top / yTickCount) * i;
    return { y: yOf(value), label: tickLabel(Math.round(value * 100) / 100, chart.unit) };
  });
  const slot = n > 0 ? plot.width / n : plot.width;
  const labels = shortLabels(chart.labels);
  const every = Math.max(1, Math.ceil(n / maxXTicks));
  const xTicks = labels
    .map((label, i) => ({ x: plot.x + slot * (i + 0.5), label, i }))
    .filter(({ i }) => i % every === 0)
    .map(({ x, label }) => ({ x, label: label.length > 14 ? `${label.slice(0, 13)}…` : label }));
  const bars: ChartGeometry['bars'] = [];
  const lines: ChartGeometry['lines'] = [];
  if (chart.kind === 'bar') {
    const barWidth = Math.max(0.6, Math.min(slot * 0.72, 40));
    chart.labels.forEach((_, i) => {
      let base = 0;
      chart.series.forEach((s, k) => {
        const value = Math.max(0, s.values[i] ?? 0);
        if (value === 0) return;
        const y = yOf(base + value);
        bars.push({
          x: plot.x + slot * (i + 0.5) - barWidth / 2,
          y,
          width: barWidth,
          height: yOf(base) - y,
          colour: legend[k]!.colour,
        });
        base += value;
      });
    });
  } else {
    chart.series.forEach((s, k) => {
      lines.push({
        points: chart.labels.map((_, i) => [
          plot.x + slot * (i + 0.5),
          yOf(Math.max(0, s.values[i] ?? 0)),
        ]),
        colour: legend[k]!.colour,
      });
    });
  }
  return { width, height, plot, yTicks, xTicks, bars, lines, legend };
}
