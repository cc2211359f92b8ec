import type { Data, Datum } from 'plotly.js';

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

/** A point the keys can choose: what a click on it would report, and where to show it. */
export interface KeyPoint {
  point: ChartPoint;
  /** Plotly's hover target for it (`pointNumber` is [row, column] in a heatmap), or null when Plotly cannot hover it (a sankey flow). */
  hover: { curveNumber: number; pointNumber: number | [number, number] } | null;
  /** The point in words, for the line that says which point is chosen. */
  words: string;
}

interface LooseTrace {
  type?: string;
  name?: string;
  orientation?: string;
  hoverinfo?: string;
  x?: ArrayLike<Datum>;
  y?: ArrayLike<Datum>;
  z?: ArrayLike<ArrayLike<Datum>>;
  labels?: ArrayLike<Datum>;
  values?: ArrayLike<Datum>;
  customdata?: ArrayLike<Datum>;
  node?: { label?: ArrayLike<Datum> };
  link?: {
    source?: ArrayLike<number>;
    target?: ArrayLike<number>;
    value?: ArrayLike<number>;
    customdata?: ArrayLike<Datum>;
  };
}

function text(value: unknown): string {
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

const at = <T>(list: ArrayLike<T> | undefined, i: number): T | undefined =>
  list && i < list.length ? list[i] : undefined;

/** One trace's points, in lanes the arrow keys move between (a heatmap's rows; else one). */
function traceLanes(trace: LooseTrace, curveNumber: number): KeyPoint[][] {
  switch (trace.type) {
    case 'heatmap': {
      const rows = Array.from(trace.z ?? []);
      return rows.map((row, r) =>
        Array.from(row).map((z, c) => {
          const x = at(trace.x, c) ?? c;
          const y = at(trace.y, r) ?? r;
          return {
            point: { curveNumber, pointIndex: c, x, y, customdata: z },
            hover: { curveNumber, pointNumber: [r, c] },
            words: `${text(y)} ${text(x)}: ${text(z)}`,
          };
        }),
      );
    }
    case 'sankey': {
      const link = trace.link ?? {};
      const nodes = trace.node?.label;
      return [
        Array.from(link.value ?? []).map((value, i) => {
          const label = `${text(at(nodes, at(link.source, i) ?? -1))} → ${text(at(nodes, at(link.target, i) ?? -1))}`;
          return {
            point: {
              curveNumber,
              pointIndex: i,
              x: null,
              y: null,
              label,
              customdata: at(link.customdata, i),
            },
            hover: null,
            words: `${label}: ${text(value)}`,
          };
        }),
      ];
    }
    case 'pie':
      return [
        Array.from(trace.labels ?? []).map((label, i) => ({
          point: { curveNumber, pointIndex: i, x: null, y: null, label: String(label) },
          hover: { curveNumber, pointNumber: i },
          words: `${text(label)}: ${text(at(trace.values, i))}`,
        })),
      ];
    default: {
      const horizontal = trace.orientation === 'h';
      const keys = (horizontal ? trace.y : trace.x) ?? [];
      const name = trace.name ? `${trace.name}, ` : '';
      return [
        Array.from(keys).map((key, i) => {
          const x = at(trace.x, i) ?? null;
          const y = at(trace.y, i) ?? null;
          return {
            point: { curveNumber, pointIndex: i, x, y, customdata: at(trace.customdata, i) },
            hover: { curveNumber, pointNumber: i },
            words: `${name}${text(key)}: ${text(horizontal ? x : y)}`,
          };
        }),
      ];
    }
  }
}

/**
 * The points of a chart the keys move through, as lanes: Left and Right move along a lane
 * (a series, a heatmap row, the flows of a sankey), Up and Down to the lane above or below.
 * Traces drawn only for their look (hoverinfo 'skip', such as a graph's edge lines) hold none;
 * `describe` words a point, or leaves it out by answering null.
 */
export function keyLanes(
  data: readonly Data[],
  describe?: (point: ChartPoint) => string | null,
): KeyPoint[][] {
  const lanes: KeyPoint[][] = [];
  data.forEach((raw, curveNumber) => {
    const trace = raw as LooseTrace;
    if (trace.hoverinfo === 'skip') return;
    for (const lane of traceLanes(trace, curveNumber)) {
      const kept = lane.flatMap((p) => {
        if (!describe) return [p];
        const words = describe(p.point);
        return words === null ? [] : [{ ...p, words }];
      });
      if (kept.length) lanes.push(kept);
    }
  });
  return lanes;
}

/** Where a key moves the choice ([lane, index]), or null for a key that does not move it. */
export function stepChoice(
  lanes: readonly (readonly KeyPoint[])[],
  current: readonly [number, number],
  key: string,
): [number, number] | null {
  const [lane, index] = current;
  const last = (l: number) => (lanes[l]?.length ?? 1) - 1;
  switch (key) {
    case 'ArrowRight':
      return [lane, Math.min(index + 1, last(lane))];
    case 'ArrowLeft':
      return [lane, Math.max(index - 1, 0)];
    case 'ArrowDown': {
      const next = Math.min(lane + 1, lanes.length - 1);
      return [next, Math.min(index, last(next))];
    }
    case 'ArrowUp': {
      const next = Math.max(lane - 1, 0);
      return [next, Math.min(index, last(next))];
    }
    case 'Home':
      return [lane, 0];
    case 'End':
      return [lane, last(lane)];
    default:
      return null;
  }
}
