import type { Config, Layout, LayoutAxis } from 'plotly.js';

/** Light or dark, as the `light` class on <html> says. */
export type ThemeName = 'light' | 'dark';

/**
 * Colours with a meaning, for pages that colour their own series, markers or shapes: the same
 * tokens as badges and alerts, so "danger" is one red in a chart and beside it, in either theme.
 */
export interface ChartTones {
  accent: string;
  warning: string;
  danger: string;
  success: string;
  /** Things that are there but do not call for attention (internal contacts, staying files). */
  neutral: string;
}

/** The colours a chart takes from the theme. */
export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  zeroLine: string;
  surface: string;
  font: string;
  colorway: string[];
  tones: ChartTones;
}

/** Reads a CSS custom property (with its leading dashes); '' when it is not set. */
export type CssVariableReader = (name: string) => string;

/**
 * Used when a variable is missing (the stylesheet not loaded yet, or a test without CSS). They
 * copy tokens.css so a chart never falls back to Plotly's white paper and black text.
 */
const FALLBACK: Record<ThemeName, Record<string, string>> = {
  dark: {
    '--text': '#dbe2ee',
    '--text-muted': '#a3adbf',
    '--border': '#222c3d',
    '--border-strong': '#33405a',
    '--bg-raised': '#111723',
    '--accent': '#38bdf8',
    '--warning': '#fbbf24',
    '--success': '#4ade80',
    '--risk-high': '#fb923c',
    '--danger': '#f87171',
    '--text-faint': '#8a96a9',
  },
  light: {
    '--text': '#141a24',
    '--text-muted': '#475263',
    '--border': '#d9dee6',
    '--border-strong': '#b9c2cf',
    '--bg-raised': '#ffffff',
    '--accent': '#0369a1',
    '--warning': '#94570a',
    '--success': '#137333',
    '--risk-high': '#c2410c',
    '--danger': '#b91c1c',
    '--text-faint': '#5a6476',
  },
};

const FONT_FALLBACK = 'ui-sans-serif, system-ui, sans-serif';

/** Series colours after the theme's own, distinct in both themes. */
const EXTRA_SERIES = ['#a78bfa', '#2dd4bf', '#f472b6', '#94a3b8'];

/** The chart colours of a theme, from the CSS variables with tokens.css as the fallback. */
export function chartColors(read: CssVariableReader, theme: ThemeName): ChartColors {
  const get = (name: string) => read(name).trim() || FALLBACK[theme][name] || '';
  return {
    text: get('--text'),
    muted: get('--text-muted'),
    grid: get('--border'),
    zeroLine: get('--border-strong'),
    surface: get('--bg-raised'),
    font: read('--font').trim() || FONT_FALLBACK,
    colorway: [
      get('--accent'),
      get('--warning'),
      get('--success'),
      get('--risk-high'),
      get('--danger'),
      ...EXTRA_SERIES,
    ],
    tones: {
      accent: get('--accent'),
      warning: get('--warning'),
      danger: get('--danger'),
      success: get('--success'),
      neutral: get('--text-faint'),
    },
  };
}

/**
 * A colour at some opacity, for fills and links drawn over each other. Reads what `clearOf`
 * reads; anything else comes back as it was.
 */
export function withAlpha(color: string, alpha: number): string {
  const channels = channelsOf(color);
  return channels ? `rgba(${channels.join(',')},${alpha})` : color;
}

/** Reads the variables as <html> currently resolves them. */
export function documentVariables(): CssVariableReader {
  const style = getComputedStyle(document.documentElement);
  return (name) => style.getPropertyValue(name);
}

/**
 * The surface colour with zero opacity. Plain transparent black would do for the eye, but
 * Plotly picks contrasting defaults (sankey links, for one) from the paper colour's lightness,
 * ignoring its opacity, so the paper has to be "transparent light" on the light theme. Reads
 * #rgb and #rrggbb (a minified stylesheet shortens #ffffff to #fff) and rgb()/rgba().
 */
export function clearOf(color: string): string {
  const channels = channelsOf(color);
  return channels ? `rgba(${channels.join(',')},0)` : 'rgba(0,0,0,0)';
}

/** The red, green and blue of a #rgb, #rrggbb or rgb() colour; null for anything else. */
function channelsOf(color: string): number[] | null {
  const value = color.trim();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : (hex.match(/../g) ?? []);
    return digits.slice(0, 3).map((pair) => parseInt(pair, 16));
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
  return rgb ? rgb.slice(1, 4).map(Number) : null;
}

function themedAxis(
  axis: Partial<LayoutAxis> | undefined,
  colors: ChartColors,
): Partial<LayoutAxis> {
  const title = axis?.title;
  return {
    gridcolor: colors.grid,
    linecolor: colors.grid,
    zerolinecolor: colors.zeroLine,
    tickfont: { color: colors.muted, size: 11 },
    automargin: true,
    ...axis,
    // An axis title ("Files", "% off hours") is a unit, not a heading: small and muted.
    ...(title
      ? {
          title: {
            font: { color: colors.muted, size: 12 },
            ...(typeof title === 'string' ? { text: title } : title),
          },
        }
      : {}),
  };
}

/**
 * The caller's layout over Vigil's chart look: transparent paper so the card shows through,
 * text and grid in the theme's colours, compact margins, the height Chart was given and the
 * width of its container. Anything the caller sets wins, one level deep for margin, font,
 * axes, legend, hover labels and the toolbar.
 */
export function themedLayout(
  layout: Partial<Layout> | undefined,
  colors: ChartColors,
  height: number,
): Partial<Layout> {
  const own = layout ?? {};
  const clear = clearOf(colors.surface);
  return {
    ...own,
    height,
    autosize: true,
    paper_bgcolor: clear,
    plot_bgcolor: clear,
    colorway: own.colorway ?? colors.colorway,
    font: { family: colors.font, size: 12, color: colors.text, ...own.font },
    margin: { l: 40, r: 12, t: 12, b: 32, pad: 0, ...own.margin },
    xaxis: themedAxis(own.xaxis, colors),
    yaxis: themedAxis(own.yaxis, colors),
    // A second y-axis (counts beside a share) gets the same ticks and title style.
    ...(own.yaxis2 ? { yaxis2: themedAxis(own.yaxis2, colors) } : {}),
    legend: { font: { color: colors.muted }, bgcolor: clear, ...own.legend },
    hoverlabel: {
      bgcolor: colors.surface,
      bordercolor: colors.zeroLine,
      font: { color: colors.text },
      ...own.hoverlabel,
    },
    modebar: {
      bgcolor: clear,
      color: colors.muted,
      activecolor: colors.text,
      ...own.modebar,
    },
  };
}

/**
 * A one-line legend above the plot, left-aligned, in a top margin of its own: anchored by its
 * bottom edge, it grows upwards and never covers the bars the way a legend placed at y: 1.15
 * does once it wraps. Spread into a layout that sets no margin of its own.
 */
export const topLegend: Partial<Layout> = {
  showlegend: true,
  legend: {
    orientation: 'h',
    x: 0,
    xanchor: 'left',
    y: 1,
    yanchor: 'bottom',
    traceorder: 'normal',
  },
  margin: { t: 28 },
};

/**
 * A legend to the right of the plot, one entry a line: for more series than fit on one line
 * above it.
 */
export const sideLegend: Partial<Layout> = {
  showlegend: true,
  legend: {
    orientation: 'v',
    x: 1.01,
    xanchor: 'left',
    y: 1,
    yanchor: 'top',
    traceorder: 'normal',
  },
};

/**
 * No Plotly logo and no Plotly toolbar: its buttons would be focusable controls inside an image
 * (axe's nested-interactive), so the chart's PNG export is a button of Chart's own.
 */
export const chartConfig: Partial<Config> = {
  displaylogo: false,
  displayModeBar: false,
  responsive: false,
};
