import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments } from 'yaml';
import type { Document, Node } from 'yaml';

import { refuse } from './problems';

/** A YAML value with the line it starts on, so every refusal can name its line. */
export type SigmaNode = SigmaMap | SigmaList | SigmaScalar;

/** A YAML mapping, its entries in written order. */
export interface SigmaMap {
  kind: 'map';
  line: number;
  entries: SigmaEntry[];
}

/** One `key: value` of a mapping; `line` is the key's line. */
export interface SigmaEntry {
  key: string;
  line: number;
  value: SigmaNode;
}

/** A YAML sequence. */
export interface SigmaList {
  kind: 'list';
  line: number;
  items: SigmaNode[];
}

/** A YAML scalar as the core schema reads it (an empty value is null). */
export interface SigmaScalar {
  kind: 'scalar';
  line: number;
  value: string | number | boolean | null;
}

/** One document of a (multi-document) Sigma text: a rule, a correlation or something else. */
export interface SigmaDocument {
  /** The line of the document's first key. */
  line: number;
  root: SigmaMap;
}

/** Nested deeper than any Sigma rule goes; also keeps alias loops out. */
const MAX_DEPTH = 20;

/**
 * The most values one text may hold once its aliases are expanded. The largest shipped rule
 * holds a few hundred; aliases of aliases multiply (342 bytes of seven levels expanded to 10^7
 * values, a minute of the event loop and a gigabyte), so expansion stops at the limit.
 */
export const MAX_YAML_VALUES = 20_000;

/** What converting one text has used so far: the values made, shared by its documents. */
interface Budget {
  values: number;
}

function convert(
  node: unknown,
  doc: Document.Parsed,
  lines: LineCounter,
  depth: number,
  fallbackLine: number,
  budget: Budget,
): SigmaNode {
  const lineOf = (value: Node | null | undefined) =>
    value?.range ? lines.linePos(value.range[0]).line : fallbackLine;
  if (depth > MAX_DEPTH) refuse(fallbackLine, 'the YAML nests deeper than a Sigma rule does');
  budget.values += 1;
  if (budget.values > MAX_YAML_VALUES) {
    refuse(
      lineOf(node as Node),
      `the YAML holds more than ${MAX_YAML_VALUES.toLocaleString('en-US')} values once its aliases are expanded; a Sigma rule holds far fewer (write the values out, or use fewer aliases)`,
    );
  }
  if (isAlias(node)) {
    const target = node.resolve(doc);
    if (!target) refuse(lineOf(node), `the YAML alias "*${node.source}" names no anchor`);
    return convert(target, doc, lines, depth + 1, lineOf(node), budget);
  }
  if (node === null || node === undefined) {
    return { kind: 'scalar', line: fallbackLine, value: null };
  }
  if (isMap(node)) {
    const line = lineOf(node);
    const entries = node.items.map((pair): SigmaEntry => {
      const keyLine = isScalar(pair.key) ? lineOf(pair.key) : line;
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (typeof key !== 'string' && typeof key !== 'number') {
        refuse(keyLine, 'a mapping key must be plain text');
      }
      return {
        key: String(key),
        line: keyLine,
        value: convert(pair.value, doc, lines, depth + 1, keyLine, budget),
      };
    });
    return { kind: 'map', line, entries };
  }
  if (isSeq(node)) {
    const line = lineOf(node);
    return {
      kind: 'list',
      line,
      items: node.items.map((item) => convert(item, doc, lines, depth + 1, line, budget)),
    };
  }
  if (isScalar(node)) {
    const value = node.value;
    const line = lineOf(node);
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      return { kind: 'scalar', line, value: value as string | number | boolean | null };
    }
    return refuse(line, 'this YAML value is neither text, a number, a boolean nor null');
  }
  return refuse(fallbackLine, 'this YAML value is not a mapping, a list or a scalar');
}

/**
 * Reads a Sigma text of one or several YAML documents (separated by `---`, as a correlation
 * and the rules it uses often are). Empty documents are skipped; a YAML error or a document
 * that is not a mapping is refused with its line.
 */
export function readSigmaDocuments(text: string): SigmaDocument[] {
  const lines = new LineCounter();
  const parsed = parseAllDocuments(text, { lineCounter: lines });
  const docs = Array.isArray(parsed) ? parsed : [];
  const out: SigmaDocument[] = [];
  const budget: Budget = { values: 0 };
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0].line ?? null;
      const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      refuse(line, `the YAML cannot be read: ${reason}`);
    }
    if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) continue;
    const root = convert(doc.contents, doc, lines, 0, 1, budget);
    if (root.kind !== 'map') refuse(root.line, 'a Sigma document is a mapping of keys to values');
    out.push({ line: root.line, root });
  }
  if (out.length === 0) refuse(null, 'the text holds no Sigma rule');
  return out;
}

/** The entry of a mapping by key (exact spelling), or undefined. */
export function entryOf(map: SigmaMap, key: string): SigmaEntry | undefined {
  return map.entries.find((entry) => entry.key === key);
}

/** A scalar's text (numbers written as text), or null for anything else. */
export function textOf(node: SigmaNode | undefined): string | null {
  if (!node || node.kind !== 'scalar' || node.value === null || typeof node.value === 'boolean') {
    return null;
  }
  return String(node.value);
}
