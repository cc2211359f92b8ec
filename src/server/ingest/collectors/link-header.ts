/**
 * The URL of a relation in an HTTP Link header (RFC 8288), e.g. `rel="next"`. Several links may
 * come in one header or in repeated headers, which Node joins with commas.
 */
export function linkRelation(
  header: string | string[] | undefined,
  relation: string,
): string | null {
  const text = Array.isArray(header) ? header.join(', ') : (header ?? '');
  for (const part of text.split(/,\s*(?=<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rels =
      /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2]!)?.[1]?.toLowerCase().split(/\s+/) ?? [];
    if (rels.includes(relation)) return match[1]!;
  }
  return null;
}
