import { useMemo } from 'react';
import type { ReactNode } from 'react';

import { parseMarkdown } from '../../shared/markdown';
import type { MarkdownBlock, MarkdownInline } from '../../shared/markdown';
import './markdown.css';

function inline(nodes: readonly MarkdownInline[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'strong':
        return <strong key={key}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={key}>{inline(node.children)}</em>;
      case 'link':
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(node.children)}
          </a>
        );
      case 'break':
        return <br key={key} />;
    }
  });
}

function block(node: MarkdownBlock, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{inline(node.children)}</p>;
    case 'heading':
      // Inside a card whose own heading is an h2, a note's headings start below it.
      return node.level <= 2 ? (
        <h3 key={key}>{inline(node.children)}</h3>
      ) : (
        <h4 key={key}>{inline(node.children)}</h4>
      );
    case 'list': {
      const items = node.items.map((item, n) => <li key={n}>{inline(item)}</li>);
      return node.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'quote':
      return <blockquote key={key}>{inline(node.children)}</blockquote>;
    case 'code':
      return (
        <pre key={key}>
          <code>{node.text}</code>
        </pre>
      );
  }
}

/**
 * Markdown a person wrote (a case note), shown as React elements from the shared reader: no
 * raw HTML ever reaches the page, and links open only web and mail addresses.
 */
export function Markdown(props: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(props.source), [props.source]);
  return <div className="markdown">{blocks.map(block)}</div>;
}
