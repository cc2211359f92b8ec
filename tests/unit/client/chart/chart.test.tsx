// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ChartPoint } from '../../../../src/client/components/chart/chart';
import { keyLanes, stepChoice } from '../../../../src/client/components/chart/chart-points';
import type { PlotlyPlotProps } from '../../../../src/client/components/chart/plotly-plot';

// Plotly itself needs a real browser; a stand-in records what Chart hands it.
vi.mock('../../../../src/client/components/chart/plotly-plot', () => ({
  default: (props: PlotlyPlotProps): ReactElement => (
    <div
      data-testid="plot"
      data-text={props.layout.font?.color}
      data-height={props.layout.height}
    />
  ),
}));

const { Chart } = await import('../../../../src/client/components/chart/chart');

afterEach(() => {
  cleanup();
  document.documentElement.className = '';
});

describe('Chart', () => {
  it('is an image named by its label and described by a summary of its data', async () => {
    render(
      <Chart
        ariaLabel="Risk distribution"
        height={220}
        data={[{ type: 'bar', x: ['Low', 'High'], y: [2, 1] }]}
      />,
    );
    // Plotly's chunk is still on its way on the first render.
    expect(screen.getByText('Loading chart…')).toBeTruthy();
    const figure = screen.getByRole('img', { name: 'Risk distribution' });
    expect(figure.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Low: 2, High: 1.',
    );
    const plot = await screen.findByTestId('plot');
    expect(plot.dataset.height).toBe('220');
  });

  it('follows the theme when the class on <html> changes', async () => {
    document.documentElement.className = 'dark';
    render(<Chart ariaLabel="Trend" data={[{ type: 'scatter', x: [1], y: [1] }]} />);
    expect((await screen.findByTestId('plot')).dataset.text).toBe('#dbe2ee');
    await act(async () => {
      document.documentElement.className = 'light';
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByTestId('plot').dataset.text).toBe('#141a24');
  });
});

const heatmap = {
  type: 'heatmap' as const,
  x: [0, 1, 2],
  y: ['Mon', 'Tue'],
  z: [
    [1, 2, 3],
    [4, 5, 6],
  ],
};

describe('choosing a chart point by keys', () => {
  it('moves along a heatmap row with Left and Right, between rows with Up and Down, and opens with Enter', () => {
    const opened: ChartPoint[] = [];
    render(
      <Chart
        ariaLabel="Activity by hour"
        data={[heatmap]}
        onClick={(point) => opened.push(point)}
        describePoint={(p) => `${String(p.y)} ${String(p.x)}:00`}
      />,
    );
    const chart = screen.getByRole('application', { name: /^Activity by hour: arrow keys/ });
    expect(chart.tabIndex).toBe(0);
    // Still an image, named and described, inside.
    expect(screen.getByRole('img', { name: 'Activity by hour' })).toBeTruthy();
    fireEvent.focus(chart);
    const line = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(line.textContent).toBe('Mon 0:00 · Enter opens it');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    expect(line.textContent).toBe('Tue 2:00 · Enter opens it');
    fireEvent.keyDown(chart, { key: 'Home' });
    fireEvent.keyDown(chart, { key: 'Enter' });
    expect(opened).toEqual([expect.objectContaining({ curveNumber: 0, x: 0, y: 'Tue' })]);
  });

  it('leaves out traces drawn for their look and points the page does not open', () => {
    const lanes = keyLanes(
      [
        { type: 'scatter', mode: 'lines', x: [0, 1], y: [0, 1], hoverinfo: 'skip' },
        { type: 'scatter', mode: 'markers', x: [5, 6, 7], y: [1, 1, 1], customdata: [10, 11, 12] },
        { type: 'scatter', mode: 'markers', x: [9], y: [9] },
      ],
      (p) => (p.curveNumber === 1 && p.customdata !== 11 ? `edge ${String(p.customdata)}` : null),
    );
    expect(lanes.map((lane) => lane.map((p) => p.words))).toEqual([['edge 10', 'edge 12']]);
    expect(lanes[0]![1]!.point).toMatchObject({ curveNumber: 1, pointIndex: 2, customdata: 12 });
  });

  it('reads sankey flows by their ends and stops at the edges of a lane', () => {
    const lanes = keyLanes([
      {
        type: 'sankey',
        node: { label: ['Confidential', 'Email', 'Personal email'] },
        link: { source: [0, 1], target: [1, 2], value: [3, 2], customdata: [0, 1] },
      },
    ]);
    expect(lanes[0]!.map((p) => p.words)).toEqual([
      'Confidential → Email: 3',
      'Email → Personal email: 2',
    ]);
    expect(stepChoice(lanes, [0, 1], 'ArrowRight')).toEqual([0, 1]);
    expect(stepChoice(lanes, [0, 0], 'ArrowLeft')).toEqual([0, 0]);
    expect(stepChoice(lanes, [0, 0], 'ArrowUp')).toEqual([0, 0]);
    expect(stepChoice(lanes, [0, 0], 'x')).toBeNull();
  });

  it('a chart that opens nothing stays an image, out of the tab order', () => {
    render(<Chart ariaLabel="Trend" data={[heatmap]} />);
    expect(screen.getByRole('img', { name: 'Trend' }).tabIndex).toBe(-1);
    expect(screen.queryByRole('application')).toBeNull();
  });
});
