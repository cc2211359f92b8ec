import { describe, expect, it } from 'vitest';

import { parseInline, parseMarkdown } from '../../../src/shared/markdown';

describe('reading a note’s Markdown', () => {
  it('reads paragraphs, headings, lists, quotes and code blocks', () => {
    const blocks = parseMarkdown(
      '# Findings\n\nCopied to USB\nat 18:02.\n\n- first\n- second\n\n1. one\n2. two\n\n> quoted\n\n```\n<b>raw</b>\n```',
    );
    expect(blocks.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'code',
    ]);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Copied to USB' },
        { type: 'break' },
        { type: 'text', text: 'at 18:02.' },
      ],
    });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true });
    expect(blocks[5]).toEqual({ type: 'code', text: '<b>raw</b>' });
  });

  it('reads emphasis, code and links, and leaves snake_case alone', () => {
    expect(parseInline('**bold** and *it* and `x*y` in file_name_here')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'it' }] },
      { type: 'text', text: ' and ' },
      { type: 'code', text: 'x*y' },
      { type: 'text', text: ' in file_name_here' },
    ]);
    expect(parseInline('[ticket](https://jira.example/T-1)')).toEqual([
      {
        type: 'link',
        href: 'https://jira.example/T-1',
        children: [{ type: 'text', text: 'ticket' }],
      },
    ]);
  });

  it('keeps HTML and unsafe links as plain text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: '[click](javascript:alert(1))' },
    ]);
  });

  it('reads a hostile 20,000-character note quickly', () => {
    for (const text of [
      '['.repeat(20_000),
      '*a'.repeat(10_000),
      '`'.repeat(20_000),
      '_'.repeat(20_000),
    ]) {
      const started = performance.now();
      parseMarkdown(text);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
