import type { FileSankeyReply } from '../../../../shared/schemas/findings/file-access';

/** Sums link values by the label of one end, largest first. */
function totals(
  sankey: FileSankeyReply,
  pick: (link: FileSankeyReply['links'][number]) => number | null,
): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const link of sankey.links) {
    const node = pick(link);
    const label = node === null ? undefined : sankey.nodes[node]?.label;
    if (label) sums.set(label, (sums.get(label) ?? 0) + link.value);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

/**
 * The sankey's story in one sentence: where files left company storage to and which sensitive
 * labels went with them. Readable without the chart (and by screen readers, which skip it).
 */
export function LeavingFlows(props: { sankey: FileSankeyReply }) {
  const { sankey } = props;
  const column = (node: number) => sankey.nodes[node]?.column;
  const out = totals(sankey, (l) =>
    l.leaving && column(l.target) === 'destination' ? l.target : null,
  );
  const labels = totals(sankey, (l) =>
    l.leaving && l.sensitive && column(l.source) === 'label' ? l.source : null,
  );
  if (!out.length)
    return <p className="evidence-flows">No file left company storage in this window.</p>;
  const list = (items: Array<[string, number]>) =>
    items.map(([label, n], i) => (
      <span key={label}>
        {i ? ', ' : ''}
        <strong>{label}</strong> {n}
      </span>
    ));
  return (
    <p className="evidence-flows" aria-label="Flows out of company storage">
      Left company storage: {list(out)}.
      {labels.length ? <> Sensitive labels among them: {list(labels)}.</> : null}
    </p>
  );
}
