/** A node to place: its id, its hop from the subject, and the node it hangs from (if any). */
export interface LayoutNode {
  id: string;
  hop: number;
}

/** Edges as pairs of node ids. */
export interface LayoutEdge {
  source: string;
  target: string;
}

/**
 * Radial layout of a contact graph: the subject in the middle, each hop on its own ring, and
 * every node after the first ring placed near the node that brought it in, so clusters stay
 * together. Deterministic: the same graph always draws the same way.
 */
export function radialLayout(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  const byHop = new Map<number, LayoutNode[]>();
  for (const node of nodes)
    (byHop.get(node.hop) ?? byHop.set(node.hop, []).get(node.hop)!).push(node);
  const neighbours = new Map<string, string[]>();
  for (const e of edges) {
    (neighbours.get(e.source) ?? neighbours.set(e.source, []).get(e.source)!).push(e.target);
    (neighbours.get(e.target) ?? neighbours.set(e.target, []).get(e.target)!).push(e.source);
  }
  const angle = new Map<string, number>();
  for (const hop of [...byHop.keys()].sort((a, b) => a - b)) {
    const ring = byHop.get(hop) ?? [];
    if (hop === 0) {
      for (const node of ring) {
        out.set(node.id, { x: 0, y: 0 });
        angle.set(node.id, 0);
      }
      continue;
    }
    // Order the ring by the angle of the parent so children sit beside their parent.
    const parentAngle = (node: LayoutNode) => {
      const parents = (neighbours.get(node.id) ?? []).filter(
        (id) => angle.has(id) && id !== node.id,
      );
      return parents.length ? (angle.get(parents[0]!) ?? 0) : 0;
    };
    const ordered = [...ring].sort(
      (a, b) => parentAngle(a) - parentAngle(b) || a.id.localeCompare(b.id),
    );
    ordered.forEach((node, i) => {
      const a =
        hop === 1
          ? (2 * Math.PI * i) / Math.max(1, ordered.length)
          : parentAngle(node) + ((i % 5) - 2) * (0.5 / hop);
      const theta =
        hop === 1 ? a : ((2 * Math.PI * i) / Math.max(1, ordered.length)) * 0.15 + a * 0.85;
      angle.set(node.id, theta);
      out.set(node.id, { x: Math.cos(theta) * hop, y: Math.sin(theta) * hop });
    });
  }
  return out;
}
