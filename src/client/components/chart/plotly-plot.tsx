import type { Config, Data, Layout, PlotMouseEvent } from 'plotly.js';
import { useEffect, useRef } from 'react';
import createPlotlyComponent from 'react-plotly.js/factory';

import Plotly from './plotly-bundle';

const Plot = createPlotlyComponent(Plotly);

/** What Chart hands to Plotly once the theme is applied. */
export interface PlotlyPlotProps {
  data: Data[];
  layout: Partial<Layout>;
  config: Partial<Config>;
  onClick?: (event: PlotMouseEvent) => void;
}

/**
 * The Plotly plot itself. Chart loads this module lazily, so Plotly lands in its own chunk
 * that only pages with charts download.
 */
export default function PlotlyPlot(props: PlotlyPlotProps) {
  const graph = useRef<HTMLDivElement>(null);

  // Plotly only follows window resizes; panes and split views resize the container alone.
  useEffect(() => {
    const element = graph.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      // Rejects while the plot is not drawn yet or hidden; the next resize catches up.
      Promise.resolve(Plotly.Plots.resize(element)).catch(() => undefined);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Plot
      ref={graph}
      data={props.data}
      layout={props.layout}
      config={props.config}
      onClick={props.onClick}
      style={{ width: '100%', height: '100%' }}
    />
  );
}
