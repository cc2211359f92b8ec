import { useMemo } from 'react';

import type { FileSankeyReply } from '../../../../shared/schemas/findings/file-access';
import { Chart } from '../../../components/chart/chart';
import type { ChartTones } from '../../../components/chart/chart-theme';
import { withAlpha } from '../../../components/chart/chart-theme';

/**
 * The sankey's colours say what the red links say: a label is red when sensitive files left
 * under it, a destination red (or amber) when files left company storage to it; actions are
 * the accent and everything that stayed inside is neutral. Plotly's own palette would paint
 * "Highly Confidential" green and "Local device" red.
 */
function sankeyColors(sankey: FileSankeyReply, tones: ChartTones) {
  const nodes = sankey.nodes.map((node, index) => {
    if (node.column === 'action') return tones.accent;
    const touching = sankey.links.filter((l) =>
      node.column === 'label' ? l.source === index : l.target === index,
    );
    if (touching.some((l) => l.leaving && l.sensitive)) return tones.danger;
    if (node.column === 'destination' && touching.some((l) => l.leaving)) return tones.warning;
    return tones.neutral;
  });
  const links = sankey.links.map((l) =>
    l.sensitive && l.leaving
      ? withAlpha(tones.danger, 0.45)
      : l.leaving
        ? withAlpha(tones.warning, 0.4)
        : withAlpha(tones.neutral, 0.25),
  );
  return { nodes, links };
}

/** Label → action → destination, coloured by what left company storage. */
export function SankeyChart(props: {
  sankey: FileSankeyReply;
  tones: ChartTones;
  /** Told the index of a flow clicked. */
  onLink?: (linkIndex: number) => void;
}) {
  const { sankey, tones, onLink } = props;
  const colors = useMemo(() => sankeyColors(sankey, tones), [sankey, tones]);
  return (
    <Chart
      ariaLabel="Flows of files from sensitivity label through action to destination (click a flow for its events)"
      height={380}
      onClick={(point) => {
        // Links carry their index as customdata; a node click has none.
        if (typeof point.customdata === 'number') onLink?.(point.customdata);
      }}
      data={[
        {
          type: 'sankey',
          arrangement: 'snap',
          node: {
            label: sankey.nodes.map((n) => n.label),
            color: colors.nodes,
            line: { width: 0 },
            pad: 14,
            thickness: 14,
          },
          link: {
            source: sankey.links.map((l) => l.source),
            target: sankey.links.map((l) => l.target),
            value: sankey.links.map((l) => l.value),
            customdata: sankey.links.map((_, i) => i),
            color: colors.links,
          },
        },
      ]}
    />
  );
}
