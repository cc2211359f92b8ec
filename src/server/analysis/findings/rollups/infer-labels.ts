/**
 * The label a file without one most likely carries: the label the same file had elsewhere in
 * the employee's activity. A USB copy or a local download keeps the name (sometimes with an
 * extension added) but loses the sensitivity label the cloud copy had; an investigator wants
 * to see "Confidential, copied to USB", not "Unlabeled".
 */
export function inferLabels(
  labelled: ReadonlyArray<{ name: string; label: string; n: number }>,
  unlabelled: readonly string[],
  /** Labels from least to most sensitive: a mail carrying several files takes the highest. */
  labelOrder: readonly string[] = [],
): Array<{ fileName: string; label: string }> {
  const byKey = new Map<string, { label: string; n: number }>();
  for (const entry of labelled) {
    for (const key of keysOf(entry.name)) {
      const known = byKey.get(key);
      if (!known || entry.n > known.n) byKey.set(key, { label: entry.label, n: entry.n });
    }
  }
  const out = new Map<string, string>();
  const labelOf = (name: string) =>
    keysOf(name)
      .map((key) => byKey.get(key))
      .find((hit) => hit !== undefined)?.label;
  const rank = (label: string) => labelOrder.indexOf(label);
  for (const name of unlabelled) {
    // A mail's attachments arrive as one name, "a.docx; b.xlsx": the mail takes the most
    // sensitive of their labels, and each attachment, a file of its own in the file list, its own.
    const parts = name.split(ATTACHMENT_SEPARATOR);
    let best: string | undefined;
    for (const part of parts) {
      const label = labelOf(part);
      if (label === undefined) continue;
      if (parts.length > 1 && !out.has(part)) out.set(part, label);
      if (best === undefined || rank(label) > rank(best)) best = label;
    }
    if (best) out.set(name, best);
  }
  return [...out].map(([fileName, label]) => ({ fileName, label }));
}

/** How the mail parsers join the names of several attachments into one file name. */
const ATTACHMENT_SEPARATOR = /;\s+/;

/** The name itself and its stem without an extension, lower-cased. */
export function keysOf(name: string): string[] {
  const lower = name.trim().toLowerCase();
  const stem = lower.replace(/\.[a-z0-9]{1,5}$/, '');
  return stem === lower ? [lower] : [lower, stem];
}
