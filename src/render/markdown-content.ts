// A page's rendered Markdown as the element the theme places (PageLayoutProps.content,
// ApiSectionView.content): <MarkdownContent>, holding the HTML tree (hast) the unified
// pipeline made.
//
// React renders it as rehype-react compiles it: the component returns the compiled
// element. The fast markup path (static-markup.ts) writes the tree itself instead,
// without making an element per node: hast properties become React props as
// hast-util-to-jsx-runtime makes them (hastProps, ported from its createElementProps), and
// those props are written by React's rules like any other element's. An element the theme
// draws with a component is handed to that component as an element; only the built-in
// Link, Table, Image and ListItem, which pass their children through untouched, and
// CodeBlock, which reads its code element's class, are given their children unmade;
// any other (a site theme's, or the named elements of tabs and API operations) is given
// its element as rehype-react compiles it.
// tests/integration/static-markup.test.ts compares both on every page.
import type { Element, Root, RootContent, Text } from 'hast';
import { whitespace } from 'hast-util-whitespace';
import { stringify as commas } from 'comma-separated-tokens';
import { find, hastToReact, html, svg, type Schema } from 'property-information';
import type { ReactElement, ReactNode } from 'react';
import { jsx } from 'react/jsx-runtime';
import { stringify as spaces } from 'space-separated-tokens';
import styleToObject from 'style-to-object';
import { builtinTheme } from '../../theme/index.js';

export interface MarkdownContentProps {
  tree: Root;
  /** The theme's components by element name (rehype-react's `components`). */
  components: Readonly<Record<string, unknown>>;
  /** The tree as rehype-react compiles it (what React renders); null when compiling failed (reported). */
  compile: () => ReactElement | null;
  /** One element of the tree as rehype-react compiles it (throws where it fails). */
  compileNode: (node: Element) => ReactElement;
}

/** The rendered Markdown as React renders it: rehype-react's element. */
export function MarkdownContent({ compile }: MarkdownContentProps): ReactNode {
  return compile();
}

export function markdownContent(props: MarkdownContentProps): ReactElement {
  return jsx(MarkdownContent, props);
}

const { Link, Table, Image, ListItem, CodeBlock } = builtinTheme.components;
/** Built-in components that place their children as they are given: they may be given them already written. */
export const PASS_THROUGH: ReadonlySet<unknown> = new Set([Link, Table, Image, ListItem]);
/** The built-in code block: it reads the language from its code element's props. */
export const BUILTIN_CODE_BLOCK: unknown = CodeBlock;

/** hast-util-to-jsx-runtime drops white space between table elements (React warns about it). */
export const TABLE_ELEMENTS: ReadonlySet<string> = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);
const TABLE_CELLS = new Set(['td', 'th']);

/** The schema an element's props are read in: SVG from an <svg> in HTML on. */
export function schemaOf(node: Element, parent: Schema): Schema {
  return node.tagName.toLowerCase() === 'svg' && parent.space === 'html' ? svg : parent;
}

export { html as htmlSchema };

/** An element's hast properties as React props (hast-util-to-jsx-runtime's createElementProps, with rehype-react's options). */
export function hastProps(node: Element, schema: Schema): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  let align: string | undefined;
  for (const prop in node.properties) {
    if (prop === 'children' || !Object.prototype.hasOwnProperty.call(node.properties, prop)) continue;
    let value = node.properties[prop] as unknown;
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue;
    const info = find(schema, prop);
    if (Array.isArray(value)) value = info.commaSeparated ? commas(value as string[]) : spaces(value as string[]);
    if (info.property === 'style') {
      props.style = typeof value === 'object' ? value : parseStyle(String(value));
      continue;
    }
    const key = info.space ? ((hastToReact as Record<string, string>)[info.property] ?? info.property) : info.attribute;
    if (key === 'align' && typeof value === 'string' && TABLE_CELLS.has(node.tagName)) align = value;
    else props[key] = value;
  }
  if (align) ((props.style ??= {}) as Record<string, unknown>).textAlign = align;
  return props;
}

/** A style attribute as an object with DOM names (throws on CSS it cannot read, as rehype-react does). */
function parseStyle(value: string): Record<string, string> {
  const result: Record<string, string> = {};
  styleToObject(value, (property, declared) => {
    if (!property || !declared) return;
    let name = property;
    if (name.slice(0, 2) !== '--') {
      name = name.toLowerCase();
      if (name.slice(0, 4) === '-ms-') name = name.slice(1);
      name = name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    }
    result[name] = declared;
  });
  return result;
}

/** An element's children as hast-util-to-jsx-runtime keeps them (text and elements; white space between table parts dropped). */
export function contentChildren(node: Element | Root): (Element | Text)[] {
  const children = node.children as RootContent[];
  const table = node.type === 'element' && TABLE_ELEMENTS.has(node.tagName);
  const kept = (child: RootContent): child is Element | Text => child.type === 'element' || (child.type === 'text' && !(table && whitespace(child.value)));
  // Most elements keep every child: no copy then.
  return children.every(kept) ? (children as (Element | Text)[]) : children.filter(kept);
}
