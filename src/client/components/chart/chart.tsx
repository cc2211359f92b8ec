import './chart.css';

import type { Data, Datum, DownloadImgopts, Layout, PlotMouseEvent } from 'plotly.js';
import { lazy, Suspense, useId, useMemo, useRef } from 'react';

import { Tooltip } from '../tooltip';
import { chartConfig, themedLayout } from './chart-theme';
import { summarizeData } from './chart-summary';
import { useChartColors } from './use-chart-colors';

const PlotlyPlot = lazy(() => import('./plotly-plot'));

/** The point a user clicked: the trace and index, its coordinates and any custom data. */
export interface ChartPoint {
  curveNumber: number;
  pointIndex: number;
  x: Datum;
  y: Datum;
  /** Pie slices and sankey nodes carry a label instead of x/y. */
  label?: string;
  customdata?: Datum;
}

/** Props of Chart: Plotly data and layout, plus what Vigil needs around them. */
export interface ChartProps {
  data: Data[];
  layout?: Partial<Layout>;
  /** Height in px; the width follows the container. Default 240. */
  height?: number;
  /** What the chart shows, in a sentence: the accessible name and the image file name. */
  ariaLabel: string;
  onClick?: (point: ChartPoint) => void;
}

function toPoint(event: PlotMouseEvent): ChartPoint | null {
  const point = event.points[0];
  if (!point) return null;
  const label = (point as { label?: unknown }).label;
  return {
    curveNumber: point.curveNumber,
    pointIndex: point.pointIndex ?? point.pointNumber,
    x: point.x,
    y: point.y,
    label: typeof label === 'string' ? label : undefined,
    customdata: point.customdata,
  };
}

/** Saves the drawn plot inside `frame` as a PNG at twice its size, named after the chart. */
async function downloadPng(frame: HTMLElement | null, fileName: string): Promise<void> {
  const graph = frame?.querySelector<HTMLElement>('.js-plotly-plot');
  if (!graph) return;
  const { default: Plotly } = await import('./plotly-bundle');
  // Plotly takes a scale (its own toolbar's option) that its type declarations leave out.
  const options: DownloadImgopts & { scale: number } = {
    format: 'png',
    filename: fileName,
    width: null,
    height: null,
    scale: 2,
  };
  await Plotly.downloadImage(graph, options);
}

/**
 * The one chart component. Plotly (a partial bundle: core plus bar, scatter, pie, heatmap and
 * sankey) loads lazily on the first chart, in its own chunk; until then a quiet "Loading
 * chart…" holds the space. Colours follow the theme, re-rendering when <html> switches
 * between light and dark. Screen readers get the label and a short text summary of the data
 * instead of Plotly's SVG. The image holds nothing focusable (Plotly's own toolbar is off);
 * the PNG export is a button beside it, shown on hover and on keyboard focus.
 */
export function Chart(props: ChartProps) {
  const { data, layout, height = 240, ariaLabel, onClick } = props;
  const summaryId = useId();
  const colors = useChartColors();
  const themed = useMemo(() => themedLayout(layout, colors, height), [layout, colors, height]);
  const fileName = ariaLabel.slice(0, 60);
  const plot = useRef<HTMLDivElement>(null);
  const summary = useMemo(() => summarizeData(data), [data]);
  const handleClick = useMemo(
    () =>
      onClick
        ? (event: PlotMouseEvent) => {
            const point = toPoint(event);
            if (point) onClick(point);
          }
        : undefined,
    [onClick],
  );

  return (
    <figure className={`chart${onClick ? ' chart-clickable' : ''}`} style={{ height }}>
      <div
        ref={plot}
        className="chart-plot"
        role="img"
        aria-label={ariaLabel}
        aria-describedby={summaryId}
      >
        <Suspense fallback={<div className="chart-loading">Loading chart…</div>}>
          <PlotlyPlot data={data} layout={themed} config={chartConfig} onClick={handleClick} />
        </Suspense>
      </div>
      <p id={summaryId} className="visually-hidden">
        {summary}
      </p>
      <Tooltip content="Download this chart as a PNG image" side="left">
        <button
          type="button"
          className="button ghost small chart-download"
          aria-label={`Download ${ariaLabel} as PNG`}
          onClick={() => void downloadPng(plot.current, fileName)}
        >
          PNG
        </button>
      </Tooltip>
    </figure>
  );
}
