// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

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
