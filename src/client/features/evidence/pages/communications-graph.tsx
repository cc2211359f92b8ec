import { useCallback, useMemo } from 'react';

import type { CommunicationsReply } from '../../../../shared/schemas/findings/communications';
import { Chart } from '../../../components/chart/chart';
import type { ChartPoint } from '../../../components/chart/chart';
import type { ChartColors } from '../../../components/chart/chart-theme';
import { withAlpha } from '../../../components/chart/chart-theme';
import { useChartColors } from '../../../components/chart/use-chart-colors';
import { radialLayout } from '../parts/graph-layout';

type Node = CommunicationsReply['nodes'][number];
type Kind = 'subject' | 'competitor' | 'personal' | 'external' | 'internal';

/** What a node is, worst first: a competitor's address is outside the company too. */
function kindOf(n: Node): Kind {
  if (n.kind === 'subject') return 'subject';
  if (n.competitor) return 'competitor';
  if (n.personal) return 'personal';
  return n.external ? 'external' : 'internal';
}

const LEGEND: Array<[Kind, string]> = [
  ['subject', 'Subject'],
  ['competitor', 'Competitor'],
  ['personal', 'Personal address'],
  ['external', 'Other outside contact'],
  ['internal', 'Inside the company'],
];

/** The theme's colours for each kind: the badges' red and amber, violet for the rest outside. */
function palette(colors: ChartColors): Record<Kind, string> {
  return {
    subject: colors.tones.accent,
    competitor: colors.tones.danger,
    personal: colors.tones.warning,
    external: colors.colorway[5] ?? colors.tones.accent,
    internal: colors.tones.neutral,
  };
}

/** The trace of the edges' handles, after the lines: what a click or Enter on an edge reports. */
const EDGE_HANDLES = 1;

/** The node at the other end of an edge of the subject's, and the edge, by the edge's index. */
export function subjectEdge(graph: CommunicationsReply, index: number) {
  const edge = graph.edges[index];
  if (!edge?.subjectEvents) return null;
  const subject = graph.nodes.find((n) => n.kind === 'subject');
  const otherId = edge.source === subject?.id ? edge.target : edge.source;
  const other = graph.nodes.find((n) => n.id === otherId);
  return other ? { edge, events: edge.subjectEvents, other } : null;
}

/**
 * The contact keys of the subject's own contacts a figure counts (comma-separated), for the
 * timeline's `counterpart` filter, or null when it keeps none.
 */
export function subjectContacts(
  graph: CommunicationsReply,
  keep: (node: Node) => boolean,
): string | null {
  const keys = graph.edges
    .map((_, i) => subjectEdge(graph, i))
    .filter((e) => e !== null && keep(e.other))
    .map((e) => e!.events.counterpart);
  return keys.length ? keys.join(',') : null;
}

/** How an edge of the subject's reads: whom it joins and how many of the subject's messages. */
function edgeWords(graph: CommunicationsReply, index: number): string | null {
  const found = subjectEdge(graph, index);
  if (!found) return null;
  const n = found.events.count;
  return `Subject – ${found.other.label}: ${n} ${n === 1 ? 'message' : 'messages'} (${found.edge.kinds.join(', ')})`;
}

/**
 * The contact graph as Plotly traces: edges as one line trace, a handle at the middle of each
 * of the subject's edges (what a click or the keys open), nodes as markers sized by weight.
 */
function graphTraces(graph: CommunicationsReply, colors: ChartColors): Plotly.Data[] {
  const at = radialLayout(graph.nodes, graph.edges);
  const color = palette(colors);
  const xs: Array<number | null> = [];
  const ys: Array<number | null> = [];
  const handles = {
    x: [] as number[],
    y: [] as number[],
    edge: [] as number[],
    text: [] as string[],
  };
  graph.edges.forEach((e, index) => {
    const a = at.get(e.source);
    const b = at.get(e.target);
    if (!a || !b) return;
    xs.push(a.x, b.x, null);
    ys.push(a.y, b.y, null);
    const words = edgeWords(graph, index);
    if (words === null) return;
    handles.x.push((a.x + b.x) / 2);
    handles.y.push((a.y + b.y) / 2);
    handles.edge.push(index);
    handles.text.push(words);
  });
  const max = Math.max(1, ...graph.nodes.map((n) => n.weight));
  return [
    {
      type: 'scatter',
      mode: 'lines',
      x: xs,
      y: ys,
      line: { width: 1, color: withAlpha(colors.tones.neutral, 0.35) },
      hoverinfo: 'skip',
      showlegend: false,
    },
    {
      type: 'scatter',
      mode: 'markers',
      x: handles.x,
      y: handles.y,
      customdata: handles.edge,
      hovertext: handles.text,
      hoverinfo: 'text',
      marker: { size: 7, symbol: 'diamond', color: withAlpha(colors.tones.neutral, 0.6) },
      showlegend: false,
    },
    {
      type: 'scatter',
      mode: 'text+markers',
      x: graph.nodes.map((n) => at.get(n.id)?.x ?? 0),
      y: graph.nodes.map((n) => at.get(n.id)?.y ?? 0),
      text: graph.nodes.map((n) =>
        n.kind === 'subject' || n.competitor || n.personal || n.weight > max / 6 ? n.label : '',
      ),
      textposition: 'top center',
      hovertext: graph.nodes.map(
        (n) =>
          `${n.label} · ${n.kind}${n.competitor ? ` · competitor ${n.competitor}` : ''}${n.personal ? ' · personal' : ''} · ${n.weight}`,
      ),
      hoverinfo: 'text',
      marker: {
        size: graph.nodes.map((n) => 8 + 22 * Math.sqrt(n.weight / max)),
        color: graph.nodes.map((n) => color[kindOf(n)]),
        line: { width: 0 },
      },
      showlegend: false,
    },
  ] as Plotly.Data[];
}

/**
 * The subject's contacts around them, coloured by kind in the theme's colours, with a key. An
 * edge of the subject's (its handle, by click or by the arrow keys and Enter) is told by index.
 */
export function ContactGraph(props: {
  graph: CommunicationsReply;
  onEdge?: (edgeIndex: number) => void;
}) {
  const { graph, onEdge } = props;
  const colors = useChartColors();
  const traces = useMemo(() => graphTraces(graph, colors), [graph, colors]);
  const color = palette(colors);
  const onClick = useCallback(
    (point: ChartPoint) => {
      if (point.curveNumber === EDGE_HANDLES && typeof point.customdata === 'number')
        onEdge?.(point.customdata);
    },
    [onEdge],
  );
  const describePoint = useCallback(
    (point: ChartPoint) =>
      point.curveNumber === EDGE_HANDLES && typeof point.customdata === 'number'
        ? edgeWords(graph, point.customdata)
        : null,
    [graph],
  );
  return (
    <>
      <Chart
        ariaLabel={`Contact graph of the subject, ${graph.nodes.length} people, domains and channels (an edge of the subject's opens their messages)`}
        height={420}
        data={traces}
        {...(onEdge ? { onClick, describePoint } : {})}
        layout={{
          xaxis: { visible: false },
          yaxis: { visible: false, scaleanchor: 'x' },
          margin: { l: 8, r: 8, t: 8, b: 8 },
          showlegend: false,
        }}
      />
      <div className="evidence-legend" aria-label="Colours of the contact graph">
        {LEGEND.map(([kind, label]) => (
          <span key={kind}>
            <span className="evidence-swatch" style={{ background: color[kind] }} />
            {label}
          </span>
        ))}
      </div>
    </>
  );
}
