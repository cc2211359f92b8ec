import type { JsonObject } from './fields';
import { lookup } from './fields';

const DATA = /<Data\s+Name\s*=\s*["']([^"']+)["']\s*(?:\/>|>([\s\S]*?)<\/Data>)/g;
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * The named `<Data Name="...">` elements of an EventData XML fragment, as Microsoft Sentinel's
 * SecurityEvent and Event tables store them (`EventData` is a string there). Entities are
 * decoded; anything else in the fragment is ignored.
 */
export function readXmlEventData(xml: string): JsonObject | null {
  if (!xml.includes('<Data')) return null;
  const out: JsonObject = {};
  for (const match of xml.matchAll(DATA)) {
    out[match[1]!] = match[2] === undefined ? null : decodeEntities(match[2]);
  }
  return out;
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return lookup(ENTITIES, entity.toLowerCase()) ?? whole;
  });
}
