import type { BinXmlValue } from './binxml-values';
import { BinXmlError, decodeValue, utf16, VALUE_TYPE } from './binxml-values';

/**
 * A decoder of Windows binary XML (BinXML) as it appears in one .evtx chunk, following the
 * libevtx format documentation ("Binary XML"). Every offset is relative to the chunk, whose
 * names and template definitions the records share; a chunk is decoded on its own.
 *
 * A record's data is a fragment holding a template instance: a template (an element tree with
 * numbered substitutions, defined once per chunk and reused by offset) and the values of this
 * record. A value of type BinXml is itself a fragment (often another template instance), spliced
 * in where it is substituted.
 */

/** An element after substitution: what evtx-json.ts renders. */
export interface XmlElement {
  name: string;
  attributes: Array<{ name: string; value: BinXmlValue }>;
  children: XmlContent[];
}

/** What an element holds: elements and values (text). */
export type XmlContent = XmlElement | BinXmlValue;

/** A template's node before substitution. */
type TemplateNode =
  | { kind: 'element'; name: string; attributes: TemplateAttribute[]; children: TemplateNode[] }
  | { kind: 'text'; value: BinXmlValue }
  | { kind: 'substitution'; index: number; optional: boolean }
  | { kind: 'instance'; template: TemplateNode[]; values: ValueSlot[] };

interface TemplateAttribute {
  name: string;
  parts: TemplateNode[];
}

/** Where a substitution value lies in the chunk, and its type. */
interface ValueSlot {
  type: number;
  start: number;
  length: number;
}

const TOKEN = {
  eof: 0x00,
  openStartElement: 0x01,
  closeStartElement: 0x02,
  closeEmptyElement: 0x03,
  endElement: 0x04,
  value: 0x05,
  attribute: 0x06,
  cdata: 0x07,
  charRef: 0x08,
  entityRef: 0x09,
  piTarget: 0x0a,
  piData: 0x0b,
  templateInstance: 0x0c,
  normalSubstitution: 0x0d,
  optionalSubstitution: 0x0e,
  fragmentHeader: 0x0f,
} as const;

/** The "more follows" flag some tokens carry (0x41, 0x45, 0x46). */
const MORE_FLAG = 0x40;
/** Nested fragments deeper than this are refused (a loop of templates in a damaged chunk). */
const MAX_DEPTH = 24;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Decodes the records of one chunk, sharing its names and templates between them. */
export class ChunkDecoder {
  private readonly names = new Map<number, string>();
  private readonly templates = new Map<number, TemplateNode[]>();

  constructor(private readonly chunk: Buffer) {}

  /** The root element of the record whose BinXML lies in [start, end) of the chunk. */
  decodeRecord(start: number, end: number): XmlElement {
    const nodes = this.parseFragment(start, end, false, 0);
    const content = this.resolve(nodes, [], 0);
    const root = content.find(isElement);
    if (root === undefined) throw new BinXmlError('the record holds no element');
    return root;
  }

  private byte(at: number): number {
    const value = this.chunk[at];
    if (value === undefined) throw new BinXmlError('the record runs past the end of its chunk');
    return value;
  }

  private name(at: number): { name: string; next: number } {
    const offset = this.chunk.readUInt32LE(at);
    let next = at + 4;
    if (offset === next) {
      const count = this.chunk.readUInt16LE(offset + 6);
      next = offset + 8 + count * 2 + 2;
    }
    let name = this.names.get(offset);
    if (name === undefined) {
      const count = this.chunk.readUInt16LE(offset + 6);
      if (offset + 8 + count * 2 > this.chunk.length) {
        throw new BinXmlError('a name runs past the end of its chunk');
      }
      name = this.chunk.toString('utf16le', offset + 8, offset + 8 + count * 2);
      this.names.set(offset, name);
    }
    return { name, next };
  }

  /** Parses tokens from `at` to the end of the fragment (EOF or `end`). */
  private parseFragment(
    at: number,
    end: number,
    inTemplate: boolean,
    depth: number,
  ): TemplateNode[] {
    if (depth > MAX_DEPTH) throw new BinXmlError('binary XML nests deeper than any event log');
    const nodes: TemplateNode[] = [];
    let pos = at;
    while (pos < end) {
      const token = this.byte(pos);
      const base = token & ~MORE_FLAG;
      if (token === TOKEN.eof) break;
      if (token === TOKEN.fragmentHeader) {
        pos += 4;
      } else if (base === TOKEN.openStartElement) {
        const parsed = this.parseElement(pos, inTemplate, depth);
        nodes.push(parsed.node);
        pos = parsed.next;
      } else if (token === TOKEN.templateInstance) {
        const parsed = this.parseInstance(pos, depth);
        nodes.push(parsed.node);
        pos = parsed.next;
      } else {
        throw new BinXmlError(
          `unexpected binary XML token 0x${token.toString(16)} outside an element`,
        );
      }
    }
    return nodes;
  }

  private parseElement(
    at: number,
    inTemplate: boolean,
    depth: number,
  ): { node: TemplateNode; next: number } {
    const hasAttributes = (this.byte(at) & MORE_FLAG) !== 0;
    let pos = at + 1 + (inTemplate ? 2 : 0) + 4;
    const named = this.name(pos);
    pos = named.next + (hasAttributes ? 4 : 0);
    const attributes: TemplateAttribute[] = [];
    while ((this.byte(pos) & ~MORE_FLAG) === TOKEN.attribute) {
      const attribute = this.name(pos + 1);
      const parts: TemplateNode[] = [];
      pos = this.parseValues(attribute.next, parts);
      attributes.push({ name: attribute.name, parts });
    }
    const children: TemplateNode[] = [];
    const close = this.byte(pos);
    pos += 1;
    if (close === TOKEN.closeStartElement) {
      for (;;) {
        const token = this.byte(pos);
        const base = token & ~MORE_FLAG;
        if (token === TOKEN.endElement) {
          pos += 1;
          break;
        }
        if (base === TOKEN.openStartElement) {
          const child = this.parseElement(pos, inTemplate, depth);
          children.push(child.node);
          pos = child.next;
        } else if (token === TOKEN.templateInstance) {
          const child = this.parseInstance(pos, depth);
          children.push(child.node);
          pos = child.next;
        } else if (token === TOKEN.piTarget) {
          pos = this.name(pos + 1).next;
        } else if (token === TOKEN.piData) {
          pos += 3 + this.chunk.readUInt16LE(pos + 1) * 2;
        } else {
          const next = this.parseValues(pos, children, true);
          if (next === pos)
            throw new BinXmlError(
              `unexpected binary XML token 0x${token.toString(16)} in an element`,
            );
          pos = next;
        }
      }
    } else if (close !== TOKEN.closeEmptyElement) {
      throw new BinXmlError('an element start is not closed');
    }
    return { node: { kind: 'element', name: named.name, attributes, children }, next: pos };
  }

  /**
   * Reads value tokens (text, substitutions, character and entity references, CDATA) from `at`
   * into `out`, returning where they stop. An attribute's value is one run of them.
   */
  private parseValues(at: number, out: TemplateNode[], once = false): number {
    let pos = at;
    for (;;) {
      const token = this.byte(pos);
      const base = token & ~MORE_FLAG;
      if (base === TOKEN.value) {
        const type = this.byte(pos + 1);
        if (type !== VALUE_TYPE.string) throw new BinXmlError('a literal value is not text');
        const count = this.chunk.readUInt16LE(pos + 2);
        out.push({ kind: 'text', value: utf16(this.slice(pos + 4, count * 2)) });
        pos += 4 + count * 2;
      } else if (token === TOKEN.normalSubstitution || token === TOKEN.optionalSubstitution) {
        const index = this.chunk.readUInt16LE(pos + 1);
        out.push({ kind: 'substitution', index, optional: token === TOKEN.optionalSubstitution });
        pos += 4;
      } else if (token === TOKEN.charRef) {
        out.push({ kind: 'text', value: String.fromCharCode(this.chunk.readUInt16LE(pos + 1)) });
        pos += 3;
      } else if (token === TOKEN.entityRef) {
        const entity = this.name(pos + 1);
        out.push({ kind: 'text', value: ENTITIES[entity.name] ?? `&${entity.name};` });
        pos = entity.next;
      } else if (token === TOKEN.cdata) {
        const count = this.chunk.readUInt16LE(pos + 1);
        out.push({ kind: 'text', value: utf16(this.slice(pos + 3, count * 2)) });
        pos += 3 + count * 2;
      } else {
        return pos;
      }
      if (once) return pos;
    }
  }

  private slice(start: number, length: number): Buffer {
    if (start + length > this.chunk.length)
      throw new BinXmlError('a value runs past the end of its chunk');
    return this.chunk.subarray(start, start + length);
  }

  /** A template instance: its template (defined here or earlier in the chunk) and values. */
  private parseInstance(at: number, depth: number): { node: TemplateNode; next: number } {
    const definition = this.chunk.readUInt32LE(at + 6);
    let pos = at + 10;
    const size = this.chunk.readUInt32LE(definition + 20);
    if (definition === pos) pos = definition + 24 + size;
    let template = this.templates.get(definition);
    if (template === undefined) {
      if (definition + 24 + size > this.chunk.length) {
        throw new BinXmlError('a template runs past the end of its chunk');
      }
      template = this.parseFragment(definition + 24, definition + 24 + size, true, depth + 1);
      this.templates.set(definition, template);
    }
    const count = this.chunk.readUInt32LE(pos);
    pos += 4;
    if (pos + count * 4 > this.chunk.length)
      throw new BinXmlError('a value list runs past the end of its chunk');
    const values: ValueSlot[] = [];
    let start = pos + count * 4;
    for (let i = 0; i < count; i += 1) {
      const length = this.chunk.readUInt16LE(pos + i * 4);
      values.push({ type: this.byte(pos + i * 4 + 2), start, length });
      start += length;
    }
    if (start > this.chunk.length)
      throw new BinXmlError('the values run past the end of its chunk');
    return { node: { kind: 'instance', template, values }, next: start };
  }

  /** Substitutes values into nodes: elements and values, with BinXml values spliced in. */
  private resolve(
    nodes: readonly TemplateNode[],
    values: readonly ValueSlot[],
    depth: number,
  ): XmlContent[] {
    if (depth > MAX_DEPTH) throw new BinXmlError('binary XML nests deeper than any event log');
    const out: XmlContent[] = [];
    for (const node of nodes) {
      if (node.kind === 'text') out.push(node.value);
      else if (node.kind === 'instance')
        out.push(...this.resolve(node.template, node.values, depth + 1));
      else if (node.kind === 'substitution')
        out.push(...this.substitute(node.index, values, depth));
      else {
        const attributes: XmlElement['attributes'] = [];
        for (const attribute of node.attributes) {
          const parts = this.resolve(attribute.parts, values, depth).filter(
            (part) => !isElement(part),
          );
          const value = joinValues(parts as BinXmlValue[]);
          if (value !== null) attributes.push({ name: attribute.name, value });
        }
        out.push({
          name: node.name,
          attributes,
          children: this.resolve(node.children, values, depth),
        });
      }
    }
    return out;
  }

  private substitute(index: number, values: readonly ValueSlot[], depth: number): XmlContent[] {
    const slot = values[index];
    if (slot === undefined || slot.type === VALUE_TYPE.null) return [];
    if (slot.type === VALUE_TYPE.binXml) {
      if (slot.length === 0) return [];
      const nested = this.parseFragment(slot.start, slot.start + slot.length, false, depth + 1);
      return this.resolve(nested, [], depth + 1);
    }
    const value = decodeValue(slot.type, this.chunk.subarray(slot.start, slot.start + slot.length));
    return value === null ? [] : [value];
  }
}

export function isElement(content: XmlContent): content is XmlElement {
  return typeof content === 'object' && content !== null && !Array.isArray(content);
}

/** The values of one text run: null when none, the value itself when one, else their text joined. */
export function joinValues(parts: readonly BinXmlValue[]): BinXmlValue {
  const present = parts.filter((part) => part !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0]!;
  return present.map((part) => (Array.isArray(part) ? part.join(',') : String(part))).join('');
}
