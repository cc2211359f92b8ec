import type { Configuration } from '../../../shared/schemas/configuration';

/** One item per line. */
export const listToText = (items: readonly string[]) => items.join('\n');

/** Non-empty trimmed lines (commas separate too). */
export const textToList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** "Name: domain, domain" per line. */
export const competitorsToText = (competitors: Configuration['competitors']) =>
  competitors
    .map((c) => (c.domains.length ? `${c.name}: ${c.domains.join(', ')}` : c.name))
    .join('\n');

/** Reads "Name: domain, domain" lines back. */
export function parseCompetitors(text: string): Configuration['competitors'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', domains = ''] = line.split(':');
      return { name: name.trim(), domains: textToList(domains) };
    });
}

/** "CORP = northwind.example" per line. */
export const netbiosToText = (names: Configuration['netbiosDomains']) =>
  names.map((n) => `${n.name} = ${n.domain}`).join('\n');

/** Reads "CORP = northwind.example" (or "CORP: northwind.example") lines back. */
export function parseNetbios(text: string): Array<{ name: string; domain: string }> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', domain = ''] = line.split(/\s*[=:]\s*/);
      return { name: name.trim(), domain: domain.trim() };
    });
}
