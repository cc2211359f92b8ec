import { useMemo } from 'react';

import type { CommunicationsReply } from '../../../../shared/schemas/findings/communications';
import { Chart } from '../../../components/chart/chart';
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

/** The contact graph as Plotly traces: edges as one line trace, nodes as markers sized by weight. */
function graphTraces(graph: CommunicationsReply, colors: ChartColors): Plotly.Data[] {
  const at = radialLayout(graph.nodes, graph.edges);
  const color = palette(colors);
  const xs: Array<number | null> = [];
  const ys: Array<number | null> = [];
  for (const e of graph.edges) {
    const a = at.get(e.source);
    const b = at.get(e.target);
    if (!a || !b) continue;
    xs.push(a.x, b.x, null);
    ys.push(a.y, b.y, null);
  }
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

/** The subject's contacts around them, coloured by kind in the theme's colours, with a key. */
export function ContactGraph(props: { graph: CommunicationsReply }) {
  const { graph } = props;
  const colors = useChartColors();
  const traces = useMemo(() => graphTraces(graph, colors), [graph, colors]);
  const color = palette(colors);
  return (
    <>
      <Chart
        ariaLabel={`Contact graph of the subject, ${graph.nodes.length} people, domains and channels`}
        height={420}
        data={traces}
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
