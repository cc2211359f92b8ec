import './chart.css';

import type { Data, DownloadImgopts, Layout, PlotMouseEvent } from 'plotly.js';
import type { KeyboardEvent } from 'react';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';

import { withChosenHighlight } from './chosen-highlight';
import { Tooltip } from '../tooltip';
import { keyLanes, stepChoice } from './chart-points';
import type { ChartPoint, KeyPoint } from './chart-points';
import { chartConfig, themedLayout } from './chart-theme';
import { summarizeData } from './chart-summary';
import { useChartColors } from './use-chart-colors';

const PlotlyPlot = lazy(() => import('./plotly-plot'));

/** The point a user clicked or chose by keys (defined beside the keys' model of points). */
export type { ChartPoint } from './chart-points';

/** Props of Chart: Plotly data and layout, plus what Vigil needs around them. */
export interface ChartProps {
  data: Data[];
  layout?: Partial<Layout>;
  /** Height in px; the width follows the container. Default 240. */
  height?: number;
  /** What the chart shows, in a sentence: the accessible name and the image file name. */
  ariaLabel: string;
  /** Told the point clicked, or chosen with the arrow keys and opened with Enter. */
  onClick?: (point: ChartPoint) => void;
  /**
   * A point in words, for the line that says which point the keys chose ("Mondays
   * 22:00–23:00: 5 events"); null leaves a point out of the keys' way (it opens nothing).
   */
  describePoint?: (point: ChartPoint) => string | null;
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

/** Plotly's hover API, which its type declarations leave out. */
interface PlotlyHover {
  Fx: {
    hover(graph: HTMLElement, points: ReadonlyArray<NonNullable<KeyPoint['hover']>>): void;
    unhover(graph: HTMLElement): void;
  };
}

/** Shows Plotly's hover label on a point chosen by keys (or hides it), once the plot is drawn. */
async function hoverOn(frame: HTMLElement | null, chosen: KeyPoint | null): Promise<void> {
  const graph = frame?.querySelector<HTMLElement>('.js-plotly-plot');
  if (!graph) return;
  const { Fx } = (await import('./plotly-bundle')).default as unknown as PlotlyHover;
  try {
    if (chosen?.hover) Fx.hover(graph, [chosen.hover]);
    else Fx.unhover(graph);
  } catch {
    // A trace Plotly cannot hover by number: the line under the chart still says the point.
  }
}

/**
 * The one chart component. Plotly (a partial bundle: core plus bar, scatter, pie, heatmap and
 * sankey) loads lazily on the first chart, in its own chunk; until then a quiet "Loading
 * chart…" holds the space. Colours follow the theme, re-rendering when <html> switches
 * between light and dark. Screen readers get the label and a short text summary of the data
 * instead of Plotly's SVG. The image holds nothing focusable (Plotly's own toolbar is off);
 * the PNG export is a button beside it, shown on hover and on keyboard focus.
 *
 * A chart whose points open something (onClick) takes the focus: the arrow keys choose a
 * point (Left and Right along a series or a heatmap row, Up and Down between them, Home and
 * End), a line under the chart says which, and Enter opens it as a click would.
 */
export function Chart(props: ChartProps) {
  const { data, layout, height = 240, ariaLabel, onClick, describePoint } = props;
  const summaryId = useId();
  const choiceId = useId();
  const lanes = useMemo(
    () => (onClick ? keyLanes(data, describePoint) : []),
    [data, onClick, describePoint],
  );
  const [choice, setChoice] = useState<[number, number] | null>(null);
  const chosen = choice ? (lanes[choice[0]]?.[choice[1]] ?? null) : null;
  const drawn = useMemo(() => withChosenHighlight(data, chosen), [data, chosen]);
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

  const choose = (next: [number, number] | null) => {
    setChoice(next);
    void hoverOn(plot.current, next ? (lanes[next[0]]?.[next[1]] ?? null) : null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onClick || lanes.length === 0) return;
    if (event.key === 'Enter' || event.key === ' ') {
      if (!chosen) return;
      event.preventDefault();
      event.stopPropagation();
      onClick(chosen.point);
      return;
    }
    const next = stepChoice(lanes, choice ?? [0, 0], event.key);
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    choose(choice ? next : [0, 0]);
  };
  const keyed = Boolean(onClick) && lanes.length > 0;

  const image = (
    <div
      ref={plot}
      className="chart-plot"
      role="img"
      aria-label={ariaLabel}
      aria-describedby={summaryId}
    >
      <Suspense fallback={<div className="chart-loading">Loading chart…</div>}>
        <PlotlyPlot data={drawn} layout={themed} config={chartConfig} onClick={handleClick} />
      </Suspense>
    </div>
  );

  return (
    <figure className={`chart${onClick ? ' chart-clickable' : ''}`} style={{ height }}>
      {keyed ? (
        // The image stays an image; around it, the place the keys choose its points in.
        <div
          className="chart-keys"
          role="application"
          aria-roledescription="chart"
          aria-label={`${ariaLabel}: arrow keys choose a point, Enter opens it`}
          aria-describedby={choiceId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={() => choose(choice ?? [0, 0])}
          onBlur={() => void hoverOn(plot.current, null)}
        >
          {image}
        </div>
      ) : (
        image
      )}
      <p id={summaryId} className="visually-hidden">
        {summary}
      </p>
      {keyed ? (
        <p id={choiceId} className="chart-choice" aria-live="polite">
          {chosen
            ? `${chosen.words} · Enter opens it`
            : 'Arrow keys choose a point, Enter opens it'}
        </p>
      ) : null}
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
