/**
 * A content page as the browser receives it: the manifest pipeline parses the deployment's
 * Markdown at build time, checks it and turns it into this small tree of allowed nodes. The
 * browser never sees Markdown or HTML: the content screen renders these nodes as React
 * elements, so nothing in content can run script under the strict Content-Security-Policy.
 */
import type { LinkableRouteId } from '../generated/routes.gen.ts';

export type QueryValue = string | number | boolean;

/** Inline content of a paragraph, heading, list item or table cell. */
export type Inline =
  | { readonly t: 'text'; readonly v: string }
  | { readonly t: 'strong' | 'em' | 'del'; readonly c: readonly Inline[] }
  | { readonly t: 'code'; readonly v: string }
  | { readonly t: 'br' }
  /** A link to a route of this deployment, checked against its declared query parameters. */
  | {
      readonly t: 'route';
      /** The route's id: the pipeline resolved the Markdown's path to it. */
      readonly route: LinkableRouteId;
      readonly query?: Readonly<Record<string, QueryValue>>;
      readonly hash?: string;
      readonly c: readonly Inline[];
    }
  /** An in-page anchor (a heading's id). */
  | { readonly t: 'anchor'; readonly id: string; readonly c: readonly Inline[] }
  /** An http(s), mailto or tel address: opens outside the app. */
  | { readonly t: 'external'; readonly href: string; readonly c: readonly Inline[] }
  /** An image shipped beside the content file (the build gives it a hashed URL). */
  | { readonly t: 'image'; readonly src: string; readonly alt: string; readonly title?: string };

export type CalloutKind = 'note' | 'tip' | 'important' | 'warning' | 'caution';
export type CellAlign = 'left' | 'right' | 'center' | null;

export type Block =
  | {
      readonly t: 'heading';
      readonly level: 2 | 3 | 4 | 5 | 6;
      readonly id: string;
      readonly c: readonly Inline[];
    }
  | { readonly t: 'paragraph'; readonly c: readonly Inline[] }
  | {
      readonly t: 'list';
      readonly ordered: boolean;
      readonly start?: number;
      readonly items: readonly (readonly Block[])[];
    }
  | {
      readonly t: 'table';
      readonly align: readonly CellAlign[];
      readonly head: readonly (readonly Inline[])[];
      readonly rows: readonly (readonly (readonly Inline[])[])[];
    }
  | { readonly t: 'callout'; readonly kind: CalloutKind; readonly c: readonly Block[] }
  | { readonly t: 'quote'; readonly c: readonly Block[] }
  | { readonly t: 'code'; readonly lang?: string; readonly v: string }
  | { readonly t: 'rule' };

export interface ContentDocument {
  /** Front matter `summary`: the lead paragraph under the page's heading. */
  readonly summary?: string;
  /** Front matter `updated` (YYYY-MM-DD): when the text was last reviewed. */
  readonly updated?: string;
  readonly blocks: readonly Block[];
}
