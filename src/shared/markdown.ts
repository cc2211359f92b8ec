/**
 * A small, safe Markdown reader for case notes: paragraphs, headings, lists, quotes, code,
 * emphasis and links, read into a tree that the screen (React elements) and the report each
 * render their own way. There is no raw HTML at all: `<b>` stays the text "<b>". Links keep
 * only http, https and mailto addresses. Linear in the length of the text, so a hostile
 * 20,000-character note costs no more than a friendly one.
 */

export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'em'; children: MarkdownInline[] }
  | { type: 'link'; href: string; children: MarkdownInline[] }
  | { type: 'break' };

export type MarkdownBlock =
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'heading'; level: number; children: MarkdownInline[] }
  | { type: 'list'; ordered: boolean; items: MarkdownInline[][] }
  | { type: 'quote'; children: MarkdownInline[] }
  | { type: 'code'; text: string };

const ESCAPABLE = /[\\`*_[\]()#+\-.!>]/;
const LINK = /\[([^\]\n]{1,500})\]\(([^)\s]{1,2000})\)/y;

/** The address of a link if it is one a note may hold (web or mail); null otherwise. */
export function safeHref(href: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : null;
}

/** Reads the inline marks of one block's text. */
export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  // Where the next `](` is, found once and moved on only when passed, so a text of many `[`
  // and no link is read in one pass rather than a search from every bracket.
  let linkClose = -2;
  const closingBracketNear = (at: number) => {
    if (linkClose !== -1 && linkClose < at) linkClose = text.indexOf('](', at);
    return linkClose !== -1 && linkClose - at <= 501;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1] ?? '';
    if (ch === '\\' && ESCAPABLE.test(next)) {
      buffer += next;
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      out.push({ type: 'break' });
      i += 1;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && next === ch) {
      const end = text.indexOf(ch + ch, i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    // `_` marks emphasis only at the start of a word (snake_case stays as it is).
    const wordBefore = /\w/.test(text[i - 1] ?? '');
    if ((ch === '*' || (ch === '_' && !wordBefore)) && next !== ch && next !== ' ') {
      const end = text.indexOf(ch, i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[' && closingBracketNear(i)) {
      LINK.lastIndex = i;
      const match = LINK.exec(text);
      const href = match ? safeHref(match[2]!) : null;
      if (match && href) {
        flush();
        out.push({ type: 'link', href, children: parseInline(match[1]!) });
        i += match[0].length;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return out;
}

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

/** Reads a note into blocks. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!))
        body.push(lines[i++]!);
      i += 1;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        type: 'heading',
        level: heading[1]!.length,
        children: parseInline(heading[2]!),
      });
      i += 1;
      continue;
    }
    const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (list) {
      const items: MarkdownInline[][] = [];
      while (i < lines.length && list.test(lines[i]!)) {
        items.push(parseInline(list.exec(lines[i]!)![1]!));
        i += 1;
      }
      blocks.push({ type: 'list', ordered: list === NUMBERED, items });
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ type: 'quote', children: parseInline(body.join('\n')) });
      continue;
    }
    const body: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !FENCE.test(lines[i]!) &&
      !HEADING.test(lines[i]!) &&
      !BULLET.test(lines[i]!) &&
      !NUMBERED.test(lines[i]!) &&
      !QUOTE.test(lines[i]!)
    )
      body.push(lines[i++]!);
    blocks.push({ type: 'paragraph', children: parseInline(body.join('\n')) });
  }
  return blocks;
}
