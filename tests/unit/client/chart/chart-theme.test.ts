import { describe, expect, it } from 'vitest';

import type { CssVariableReader } from '../../../../src/client/components/chart/chart-theme';
import {
  chartColors,
  clearOf,
  chartConfig,
  themedLayout,
} from '../../../../src/client/components/chart/chart-theme';

const none: CssVariableReader = () => '';
const variables =
  (values: Record<string, string>): CssVariableReader =>
  (name) =>
    values[name] ?? '';

describe('chart theme', () => {
  it('takes text, grid and series colours from the CSS variables', () => {
    const colors = chartColors(
      variables({
        '--text': ' #eeeeee',
        '--border': '#222222',
        '--accent': '#00aaff',
        '--font': 'Inter',
      }),
      'dark',
    );
    expect(colors.text).toBe('#eeeeee');
    expect(colors.grid).toBe('#222222');
    expect(colors.colorway[0]).toBe('#00aaff');
    expect(colors.font).toBe('Inter');
  });

  it("falls back to each theme's own tokens when the variables are not there", () => {
    const dark = chartColors(none, 'dark');
    const light = chartColors(none, 'light');
    expect(dark.text).toBe('#dbe2ee');
    expect(light.text).toBe('#141a24');
    expect(dark.grid).not.toBe(light.grid);
    expect(light.colorway.every(Boolean)).toBe(true);
  });

  it('makes the paper transparent, colours text and grid, and keeps margins compact', () => {
    const colors = chartColors(none, 'light');
    const layout = themedLayout(undefined, colors, 220);
    // Transparent, but light: Plotly derives contrasting defaults from the paper's lightness.
    expect(layout.paper_bgcolor).toBe('rgba(255,255,255,0)');
    expect(layout.plot_bgcolor).toBe('rgba(255,255,255,0)');
    expect(themedLayout(undefined, chartColors(none, 'dark'), 220).paper_bgcolor).toBe(
      'rgba(17,23,35,0)',
    );
    expect(layout.font?.color).toBe('#141a24');
    expect(layout.xaxis?.gridcolor).toBe(colors.grid);
    expect(layout.yaxis?.tickfont?.color).toBe(colors.muted);
    expect(layout.height).toBe(220);
    expect(layout.autosize).toBe(true);
    expect(layout.margin).toEqual({ l: 40, r: 12, t: 12, b: 32, pad: 0 });
  });

  it("lets the page's own layout win, one level deep", () => {
    const colors = chartColors(none, 'dark');
    const layout = themedLayout(
      { margin: { l: 140 }, yaxis: { rangemode: 'tozero' }, showlegend: true },
      colors,
      200,
    );
    expect(layout.margin).toEqual({ l: 140, r: 12, t: 12, b: 32, pad: 0 });
    expect(layout.yaxis?.rangemode).toBe('tozero');
    expect(layout.yaxis?.gridcolor).toBe(colors.grid);
    expect(layout.showlegend).toBe(true);
  });

  it('makes a hex or rgb colour fully transparent, and anything else transparent black', () => {
    expect(clearOf('#0B0F17')).toBe('rgba(11,15,23,0)');
    // A minified stylesheet turns #ffffff into #fff.
    expect(clearOf(' #fff')).toBe('rgba(255,255,255,0)');
    expect(clearOf('rgb(1, 2, 3)')).toBe('rgba(1,2,3,0)');
    expect(clearOf('rgb(1 2 3 / 50%)')).toBe('rgba(1,2,3,0)');
    expect(clearOf('white')).toBe('rgba(0,0,0,0)');
  });

  it('shows no logo and no Plotly toolbar (its buttons would sit inside the image)', () => {
    expect(chartConfig.displaylogo).toBe(false);
    expect(chartConfig.displayModeBar).toBe(false);
  });
});
