import type { Data } from 'plotly.js';

/** Points listed one by one in the summary; longer series are described, not read out. */
const LISTED_POINTS = 12;

interface LooseTrace {
  type?: string;
  name?: string;
  orientation?: string;
  x?: ArrayLike<unknown>;
  y?: ArrayLike<unknown>;
  z?: ArrayLike<unknown>;
  labels?: ArrayLike<unknown>;
  values?: ArrayLike<unknown>;
  link?: { value?: ArrayLike<unknown> };
  node?: { label?: ArrayLike<unknown> };
}

function list(values: ArrayLike<unknown> | undefined): unknown[] {
  return values ? Array.from(values) : [];
}

function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
}

function pairs(keys: unknown[], values: unknown[]): string {
  if (keys.length > LISTED_POINTS) {
    const numbers = values.filter((v): v is number => typeof v === 'number');
    const range = numbers.length
      ? `, from ${text(Math.min(...numbers))} to ${text(Math.max(...numbers))}`
      : '';
    return `${keys.length} points from ${text(keys[0])} to ${text(keys[keys.length - 1])}${range}`;
  }
  return keys.map((key, i) => `${text(key)}: ${text(values[i])}`).join(', ');
}

function describe(trace: LooseTrace): string {
  const name = trace.name ? `${trace.name}: ` : '';
  switch (trace.type) {
    case 'pie':
      return name + pairs(list(trace.labels), list(trace.values));
    case 'sankey':
      return `${name}${list(trace.link?.value).length} flows between ${list(trace.node?.label).length} nodes`;
    case 'heatmap': {
      const rows = list(trace.z);
      const columns = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : 0;
      return `${name}a grid of ${rows.length} by ${columns} cells`;
    }
    default: {
      const horizontal = trace.orientation === 'h';
      const keys = list(horizontal ? trace.y : trace.x);
      const values = list(horizontal ? trace.x : trace.y);
      return name + pairs(keys, values);
    }
  }
}

/**
 * A short text version of the chart's data for screen readers (the plot itself is hidden
 * from them): small series point by point, long ones by their extent.
 */
export function summarizeData(data: readonly Data[]): string {
  const parts = data.map((trace) => describe(trace as LooseTrace)).filter(Boolean);
  return parts.length ? `${parts.join('. ')}.` : 'No data.';
}
