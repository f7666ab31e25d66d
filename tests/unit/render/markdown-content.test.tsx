// Markdown content written from its hast tree by the fast markup path
// (src/render/markdown-content.ts, static-markup.ts) against rehype-react's element
// rendered by React: the same markup for every kind of node and property, with the
// built-in components, with a site theme's own, and with the named elements.
import type { Element, ElementContent, Root } from 'hast';
import { Children, Fragment, type ComponentProps } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeReact from 'rehype-react';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { markdownContent } from '../../../src/render/markdown-content.js';
import { staticMarkup, type MarkupStats } from '../../../src/render/static-markup.js';
import { markdownComponents } from '../../../src/theme/named-elements.js';
import { builtinTheme } from '../../../theme/index.js';
import type { ThemeComponents } from '../../../src/theme/contract.js';

const h = (tagName: string, properties: Element['properties'] = {}, ...children: (ElementContent | string)[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c)),
});

/** The content as the page has it: written from the tree (fast) and by React from rehype-react's element. */
function both(children: (ElementContent | string)[], components: ThemeComponents = builtinTheme.components) {
  const tree: Root = { type: 'root', children: children.map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c)) };
  const map = markdownComponents(components);
  const processor = unified().use(rehypeReact, { Fragment, jsx, jsxs, components: map as never });
  const file = new VFile({ path: '/x.md' });
  const content = markdownContent({
    tree,
    components: map,
    compile: () => processor.stringify(tree, file) as never,
    compileNode: (node) => processor.stringify({ type: 'root', children: [node] }, file) as never,
  });
  const page = jsx('main', { children: content });
  const stats: MarkupStats = { fast: 0, react: 0, markdown: 0 };
  const fast = staticMarkup(page, { stats });
  return { fast, react: renderToStaticMarkup(page), stats };
}

function same(children: (ElementContent | string)[], components?: ThemeComponents) {
  const { fast, react, stats } = both(children, components);
  expect(stats).toMatchObject({ fast: 1, react: 0, markdown: 1 });
  expect(fast).toBe(react);
  return fast;
}

describe('Markdown content written from its tree', () => {
  it('writes text, nesting and the properties of plain elements as React does', () => {
    same([
      h('h2', { id: 'a-b' }, h('a', { className: ['heading-link'], href: '#a-b', ariaLabel: 'Link to “Title”' }, 'Title & <more>')),
      '\n',
      h('p', {}, 'text ', h('strong', {}, 'bold'), ' ', h('em', {}, 'em'), ' ', h('code', {}, 'x < y'), h('br'), 'after'),
      h('p', { dataFoo: 'x', dataOpen: true, hidden: true, ariaHidden: 'true', tabIndex: 0, className: ['a', 'b'], title: '"q"' }, ''),
      h('ul', { className: ['contains-task-list'] }, h('li', { className: ['task-list-item'] }, h('input', { type: 'checkbox', checked: true, disabled: true }), ' done')),
      h('ol', { start: 3 }, h('li', {}, 'three')),
      h('hr'),
      h('blockquote', {}, '\n', h('p', {}, 'quote'), '\n'),
    ]);
  });

  it('writes tables as rehype-react makes them: alignment as style, no white space between parts', () => {
    same([
      h(
        'table',
        {},
        '\n',
        h('thead', {}, '\n', h('tr', {}, '\n', h('th', { align: 'left' }, 'Name'), '\n', h('th', { align: 'center', style: 'color: red; -ms-x: 1; --gap: 2px' }, 'Type'), '\n'), '\n'),
        '\n',
        h('tbody', {}, h('tr', {}, h('td', { align: 'right' }, h('code', {}, 'id')), h('td', {}, 'string'))),
      ),
    ]);
  });

  it('writes code blocks with the language bar, a leading newline doubled, highlighted spans', () => {
    same([h('pre', {}, h('code', { className: ['hljs', 'language-ruby'] }, h('span', { className: ['hljs-keyword'] }, 'def'), ' x\n'))]);
    same([h('pre', {}, h('code', {}, '\nleading newline'))]);
    same([h('pre', {}, h('code', { className: ['language-curl'] }, 'curl -X POST'), '\n')]);
  });

  it('writes links, images and SVG with the built-in components and schemas', () => {
    same([
      h('p', {}, h('a', { href: 'https://example.com', title: 'out' }, 'external'), ' ', h('a', { href: '/developers/x#y' }, 'internal'), ' ', h('a', { href: '' }, 'empty')),
      h('p', {}, h('img', { src: '/assets/x.png', alt: 'An x', width: 10, height: 20 })),
      h('svg', { viewBox: '0 0 10 10', xmlns: 'http://www.w3.org/2000/svg' }, h('path', { d: 'M0 0', strokeWidth: '2', fillRule: 'evenodd' }), h('title', {}, 'icon')),
      h('p', {}, h('img', { src: '/eager.png', alt: '', loading: 'eager' })),
    ]);
  });

  it('gives a link its classes as the tree has them (bare-url: src/markdown/rehype-classes.ts)', () => {
    const links = same([h('p', {}, h('a', { href: 'https://example.com', className: ['bare-url'] }, h('code', {}, 'https://example.com')), ' ', h('a', { href: 'https://example.com' }, 'Example'))]);
    expect(links.match(/<a [^>]*>/g)).toEqual(['<a href="https://example.com" rel="noopener" target="_blank" class="bare-url">', '<a href="https://example.com" rel="noopener" target="_blank">']);
  });

  it('writes named elements (tabs, operations) and a site theme\'s components as rehype-react gives them', () => {
    const tabs = h('bankdocs-tabs', { dataProps: JSON.stringify({ titles: ['One', 'Two'] }) }, h('bankdocs-tab', { dataProps: JSON.stringify({ title: 'One' }) }, h('p', {}, 'first')));
    same([tabs]);
    // A theme whose link counts its children, and whose code block wraps differently.
    const theme: ThemeComponents = {
      ...builtinTheme.components,
      Link: ({ children, ...rest }: ComponentProps<'a'>) => jsxs('a', { ...rest, 'data-count': Children.count(children), children: [children] }),
      ListItem: (props: ComponentProps<'li'>) => jsx('li', { ...props, className: 'own' }),
    };
    same([h('p', {}, h('a', { href: '/x' }, 'one ', h('em', {}, 'two'))), h('ul', {}, h('li', {}, 'item'))], theme);
  });

  it('skips comments and raw nodes as rehype-react does', () => {
    same([h('p', {}, 'a', { type: 'comment', value: 'note' } as never, 'b'), { type: 'raw', value: '<b>raw</b>' } as never]);
  });
});
