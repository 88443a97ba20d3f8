/**
 * The generic content screen: renders a deployment's content page (src/content/document.ts),
 * pre-rendered at build time from the manifest's Markdown. Only these React elements are ever
 * created; no HTML string is inserted, so content cannot run script. The shell draws the page's
 * heading (the route's title); the document starts at h2.
 */
import type { ReactNode } from 'react';
import type { Block, ContentDocument, Inline } from '../../content/document.ts';
import { AppLink, type LinkableRouteId } from '../../runtime/index.ts';
import './page.css';

const CALLOUT_TITLES = {
  note: 'Note',
  tip: 'Tip',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
} as const;

export default function ContentPage({ document }: { document: ContentDocument }) {
  const contents = document.blocks.filter(
    (b): b is Extract<Block, { t: 'heading' }> => b.t === 'heading' && b.level === 2,
  );
  return (
    <article className="content-page">
      {document.summary && <p className="content-summary">{document.summary}</p>}
      {contents.length >= 3 && (
        <nav className="content-toc card" aria-label="On this page">
          <h2 className="content-toc-title">On this page</h2>
          <ul>
            {contents.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`}>{text(h.c)}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="content-body">{blocks(document.blocks)}</div>
      {document.updated && (
        <p className="content-updated muted">
          Last reviewed <time dateTime={document.updated}>{formatDay(document.updated)}</time>
        </p>
      )}
    </article>
  );
}

function blocks(list: readonly Block[]): ReactNode[] {
  return list.map((b, i) => <BlockView key={i} block={b} />);
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.t) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag id={block.id}>{inlines(block.c)}</Tag>;
    }
    case 'paragraph':
      return <p>{inlines(block.c)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{listItem(item)}</li>);
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      return (
        <div className="content-table" role="region" aria-label="Table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.head.map((cell, i) => (
                  <th key={i} scope="col" style={{ textAlign: block.align[i] ?? undefined }}>
                    {inlines(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} style={{ textAlign: block.align[i] ?? undefined }}>
                      {inlines(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'callout':
      return (
        <aside className={`content-callout content-callout--${block.kind}`}>
          <p className="content-callout-title">{CALLOUT_TITLES[block.kind]}</p>
          {blocks(block.c)}
        </aside>
      );
    case 'quote':
      return <blockquote>{blocks(block.c)}</blockquote>;
    case 'code':
      return (
        <pre className="content-code" tabIndex={0}>
          <code>{block.v}</code>
        </pre>
      );
    case 'rule':
      return <hr />;
  }
}

/** A tight list item is one paragraph: render its text without a <p> around it. */
function listItem(item: readonly Block[]): ReactNode {
  const [first, ...rest] = item;
  if (first?.t === 'paragraph' && rest.length === 0) return inlines(first.c);
  return blocks(item);
}

function inlines(list: readonly Inline[]): ReactNode[] {
  return list.map((node, i) => <InlineView key={i} node={node} />);
}

function InlineView({ node }: { node: Inline }): ReactNode {
  switch (node.t) {
    case 'text':
      return node.v;
    case 'strong':
      return <strong>{inlines(node.c)}</strong>;
    case 'em':
      return <em>{inlines(node.c)}</em>;
    case 'del':
      return <del>{inlines(node.c)}</del>;
    case 'code':
      return <code>{node.v}</code>;
    case 'br':
      return <br />;
    case 'route':
      // The pipeline checked the path and query against this deployment's routes.
      return (
        <AppLink route={node.route as LinkableRouteId} query={node.query as never} hash={node.hash}>
          {inlines(node.c)}
        </AppLink>
      );
    case 'anchor':
      return <a href={`#${node.id}`}>{inlines(node.c)}</a>;
    case 'external':
      return (
        <a
          href={node.href}
          rel="noopener noreferrer"
          {...(/^https?:/i.test(node.href) ? { target: '_blank' } : {})}
        >
          {inlines(node.c)}
          {/^https?:/i.test(node.href) && <span className="sr-only"> (opens in a new tab)</span>}
        </a>
      );
    case 'image':
      return <img src={node.src} alt={node.alt} title={node.title} loading="lazy" />;
  }
}

function text(list: readonly Inline[]): string {
  return list.map((i) => ('v' in i ? i.v : 'c' in i ? text(i.c) : '')).join('');
}

function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
