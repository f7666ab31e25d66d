// The fast static markup path (src/render/static-markup.ts) against React's own
// renderToStaticMarkup: the same string on every rule it ports, and null (React renders)
// on everything it leaves to React.
import { Component, createContext, createElement, forwardRef, Fragment, lazy, memo, StrictMode, Suspense, useContext, useState, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ALIASES } from '../../../src/render/react-attributes.js';
import { fastStaticMarkup, scannedMarkup, staticMarkup, type MarkupStats } from '../../../src/render/static-markup.js';
import { scanAnyHtml, type LinkPool } from '../../../src/check/scan-html.js';

/** An element React's JSX types do not list (custom elements, old or odd props). */
const h = (type: string, props: Record<string, unknown>, ...children: ReactNode[]) => createElement(type, props, ...children);

/** Both renderers write the same string, and the fast one did write it. */
function same(node: ReactNode) {
  const react = renderToStaticMarkup(node);
  expect(fastStaticMarkup(node)).toBe(react);
  sameReading(node);
  return react;
}

/** The fast path gives up: React renders (or throws) alone; reading only (scanOnly), it gives up too. */
function leftToReact(node: ReactNode) {
  expect(fastStaticMarkup(node)).toBeNull();
  let read: ReturnType<typeof scannedMarkup> | null = null;
  try {
    read = scannedMarkup(node, { scan: { pool: new Map() }, scanOnly: true });
  } catch {
    // React threw: the fast path had given up.
  }
  expect(read?.scanned ?? null).toBeNull();
}

/** Reading only (bankdocs check: scanOnly) reads the ids and links that writing reads, and knows whether anything would be written. */
function sameReading(node: ReactNode, options: { slots?: Record<string, string>; slotScans?: Record<string, ReturnType<typeof scanAnyHtml> | null> } = {}) {
  const at = (scanOnly: boolean) => scannedMarkup(node, { ...(options.slots ? { slots: options.slots } : {}), scan: { pool: new Map(), ...(options.slotScans ? { slots: options.slotScans } : {}) }, scanOnly });
  const written = at(false);
  const read = at(true);
  const plain = (page: ReturnType<typeof scanAnyHtml> | null) => page && { ids: [...page.ids].sort(), links: page.links };
  expect(plain(read.scanned)).toEqual(plain(written.scanned));
  if (read.scanned) expect(read.html).toBe('');
  expect(read.drawn ?? read.html !== '').toBe(written.html !== '');
}

describe('text and children', () => {
  it('escapes text as React does, and skips what React skips', () => {
    same(<p>{`a<b>&"'c`}</p>);
    same(<p>{'plain'}{42}{BigInt(7)}{null}{undefined}{true}{false}{'tail'}</p>);
    same(<div>{[['a', ['b', <i key="i">c</i>]], 'd']}</div>);
    same(<div>{new Set(['x', 'y'])}</div>);
    same(
      <>
        <StrictMode>
          <b>one</b>
        </StrictMode>
        <Fragment>two</Fragment>
      </>,
    );
    same('just text');
    same(42);
  });

  it('calls function components with their props, whatever they return', () => {
    const Nothing = () => undefined;
    const Label = ({ text, children }: { text: string; children?: ReactNode }) => (
      <span title={text}>
        {text}
        {children}
      </span>
    );
    same(
      <div>
        <Nothing />
        <Label text="a &amp; b">
          <Label text="inner" />
        </Label>
      </div>,
    );
  });
});

describe('attributes', () => {
  it('writes the renamed, boolean, numeric and URL props', () => {
    same(<label htmlFor="x" className="c" tabIndex={-1} hidden data-open aria-busy={false} />);
    same(<div hidden={false} draggable contentEditable="true" spellCheck={false} inert translate="no" />);
    same(<video autoPlay muted={true} controls loop playsInline />);
    same(<button autoFocus />);
    same(<a href="javascript:alert(1)">x</a>);
    same(<a href="">empty</a>);
    same(<img src="" alt="" />);
    same(<a download>one</a>);
    same(<a download="file.txt">two</a>);
    same(h('div', { cols: 0, rows: 3 }));
    same(<td colSpan={2} rowSpan={NaN} />);
    same(<ol start={3} reversed />);
    same(<col span={0} />);
    same(h('hr', { size: 2 }));
    same(<div onClick={() => undefined} data-fn={() => undefined} title={Symbol('s') as unknown as string} />);
    same(<div {...{ 'a b': 'x', 'ok-name': 'y', suppressHydrationWarning: true }} />);
    same(<div dangerouslySetInnerHTML={{ __html: '<b>raw</b>' }} />);
    same(<button value={true as unknown as string} />);
  });

  it('writes style objects: units, unitless names, custom properties, vendor prefixes', () => {
    same(h('div', { style: { marginTop: 4, lineHeight: 1.5, opacity: 0, zIndex: 2, width: '10px', '--gap': ' 3px ', msTransform: 'none', WebkitLineClamp: 2, color: '', border: null } }));
    same(<div style={{}} />);
  });

  it('writes every SVG and HTML alias React knows', () => {
    const props = Object.fromEntries([...ALIASES.keys()].map((name, i) => [name, `v${i}`]));
    same(
      <svg viewBox="0 0 1 1" {...props}>
        <path d="M0 0" strokeWidth={2} xlinkHref="#a" xmlLang="en" xlinkTitle="t" />
      </svg>,
    );
  });

  it('writes custom elements their own way', () => {
    same(h('bankdocs-slot', { className: 'a', 'data-x': 1, flag: true, off: false, obj: { a: 1 }, style: { gridArea: 'x' } }, 'text'));
    same(h('annotation-xml', { className: 'not-custom', autoFocus: true }));
  });
});

describe('elements React writes its own way', () => {
  it('doubles the leading newline of <pre> and <listing>', () => {
    same(<pre>{'\nline'}</pre>);
    same(<pre dangerouslySetInnerHTML={{ __html: '\nraw' }} />);
    same(
      <pre>
        <code>{'\nnot first'}</code>
      </pre>,
    );
    same(h('listing', {}, '\nold'));
  });

  it('escapes "</script" in script text and keeps inner HTML as it is', () => {
    same(<script>{'if (a </script> b) {}'}</script>);
    same(<script dangerouslySetInnerHTML={{ __html: 'var a = "</p>";' }} />);
    same(<script type="module" src="/a.js" />);
    same(<script>{42}</script>);
  });

  it('writes a button\'s name and form attributes last', () => {
    same(
      <button name="n" type="submit" formMethod="post" className="b" formTarget="_top" formAction="/go" formEncType="text/plain">
        go
      </button>,
    );
  });

  it('writes inputs and forms: form props last, then checked and value', () => {
    same(<input name="q" type="search" defaultValue="x" className="i" formMethod="get" />);
    same(<input type="checkbox" checked disabled readOnly />);
    same(<input type="checkbox" defaultChecked checked={false} value="v" defaultValue="ignored" />);
    same(<input type="checkbox" defaultChecked value={3} />);
    same(
      <form target="_blank" method="post" className="f" action="/search" role="search" encType="multipart/form-data">
        <input name="a" />
      </form>,
    );
  });

  it('writes void elements with "/>"', () => {
    same(
      <p>
        a<br />b<wbr />
        <hr />
        <embed src="/x" />
      </p>,
    );
  });

  it('keeps <title>, <meta> and <link> in place inside SVG or with itemProp', () => {
    same(
      <svg>
        <title>icon</title>
        <link href="/x" rel="icon" />
      </svg>,
    );
    same(
      <div>
        <meta itemProp="name" content="x" />
        <title itemProp="t">t</title>
      </div>,
    );
  });
});

describe('documents: what React hoists into <head>', () => {
  const images = (n: number, extra: Record<string, unknown> = {}) => Array.from({ length: n }, (_, i) => <img key={i} src={`/i${i}.png`} alt="" {...extra} />);

  it('orders charset, viewport, image preloads, hoisted elements, then the head\'s own children', () => {
    same(
      <html lang="en" data-x="1">
        <head>
          <script dangerouslySetInnerHTML={{ __html: 'boot()' }} />
          <meta name="viewport" content="width=device-width" />
          <title>{['Page']}</title>
          <meta name="description" content="d" />
          <meta charSet="utf-8" />
          <link rel="canonical" href="https://x.example/" />
          <link rel="stylesheet" href="/s.css" />
          <link rel="alternate" href="" />
          <script type="module" src="/m.js" />
        </head>
        <body className="b">
          <header>
            <img src="/logo.svg" alt="" />
            <img src="/lazy.png" alt="" loading="lazy" />
            <img src="data:image/png;base64,AAAA" alt="" />
            <img src="/logo.svg" alt="again" />
            <img srcSet="/a.png 1x, /b.png 2x" sizes="10px" alt="" crossOrigin="anonymous" />
          </header>
          <main>
            <title>a title in the body</title>
            <meta name="late" content="hoisted" />
            text
          </main>
        </body>
      </html>,
    );
  });

  it('preloads the first ten images early, the rest late, and promotes a high-priority one', () => {
    same(
      <html>
        <head />
        <body>
          {images(12)}
          <img src="/i11.png" alt="" fetchPriority="high" />
          <img src="/low.png" alt="" fetchPriority="low" />
        </body>
      </html>,
    );
  });

  it('writes a <head> when the document has none, and hoists from fragments too', () => {
    same(
      <html>
        <body>
          <meta name="a" content="b" />
        </body>
      </html>,
    );
    same(
      <>
        <p>first</p>
        <title>hoisted to the start</title>
        <img src="/x.png" alt="" />
      </>,
    );
  });

  it('renders html, head and body as plain elements below the top', () => {
    same(
      <div>
        <head>
          <i>h</i>
        </head>
        <body>b</body>
      </div>,
    );
  });
});

describe('what the fast path leaves to React', () => {
  it('gives up on hooks, classes, context, Suspense, lazy, memo and forwardRef', () => {
    const WithState = () => {
      const [value] = useState('state');
      return <b>{value}</b>;
    };
    const Theme = createContext('light');
    const WithContext = () => <b>{useContext(Theme)}</b>;
    class Classy extends Component {
      override render() {
        return <b>class</b>;
      }
    }
    const Memo = memo(() => <b>memo</b>);
    const Ref = forwardRef<HTMLElement>(() => <b>ref</b>);
    const Lazy = lazy(() => Promise.resolve({ default: () => <b>lazy</b> }));
    for (const node of [
      <WithState key="1" />,
      <WithContext key="2" />,
      <Theme.Provider key="3" value="dark">
        <b>x</b>
      </Theme.Provider>,
      <Classy key="4" />,
      <Memo key="5" />,
      <Ref key="6" />,
      <Suspense key="7">
        <b>x</b>
      </Suspense>,
      <Lazy key="8" />,
    ])
      leftToReact(<div>{node}</div>);
    // And React renders them: the fallback is whole.
    expect(staticMarkup(<WithState />)).toBe('<b>state</b>');
  });

  it('gives up on selects, text areas, form actions, styles, noscript, picture and resources with a precedence', () => {
    for (const node of [
      <select key="s" value="a" onChange={() => undefined}>
        <option value="a">a</option>
      </select>,
      <textarea key="t" defaultValue="x" />,
      <form key="f" action={() => undefined} />,
      <button key="b" formAction={() => undefined} />,
      <input key="i" formAction={() => undefined} />,
      <style key="st">{'a{}'}</style>,
      <noscript key="n">n</noscript>,
      <picture key="p" />,
      <script key="sc" async src="/a.js" />,
      <link key="l" rel="stylesheet" href="/a.css" precedence="default" />,
    ])
      leftToReact(<div>{node}</div>);
  });

  it('gives up where React throws, so React reports it', () => {
    const bad = [
      <div key="1">{{ an: 'object' } as unknown as ReactNode}</div>,
      <div key="2" dangerouslySetInnerHTML={{ __html: 'x' }}>
        child
      </div>,
      <img key="3" alt="">
        {'child' as unknown as undefined}
      </img>,
      <div key="4" style={'color: red' as unknown as object} />,
      <div key="5">{Promise.resolve('later') as unknown as ReactNode}</div>,
    ];
    for (const node of bad) {
      leftToReact(node);
      expect(() => renderToStaticMarkup(node)).toThrow();
    }
    const Throws = () => {
      throw new Error('component failed');
    };
    leftToReact(<Throws />);
    expect(() => staticMarkup(<Throws />)).toThrow('component failed');
  });

  it('puts markup rendered apart in place of its slot element, once, on both paths', () => {
    const tree = <div>{[h('x-slot', {}), <p key="p">between</p>, h('x-slot', {}), h('y-slot', { id: 'kept' })]}</div>;
    const slots = { 'x-slot': '<nav>$& and $1</nav>', 'y-slot': '<b>not used: the element has props</b>' };
    const stats: MarkupStats = { fast: 0, react: 0 };
    const fast = staticMarkup(tree, { slots, stats });
    expect(stats.fast).toBe(1);
    expect(fast).toBe(staticMarkup(tree, { slots, reactOnly: true }));
    expect(fast).toBe('<div><nav>$& and $1</nav><p>between</p><x-slot></x-slot><y-slot id="kept"></y-slot></div>');
  });

  it('counts which renderer wrote each tree, and renders with React alone when asked', () => {
    const stats: MarkupStats = { fast: 0, react: 0 };
    const Hooked = () => <b>{useState('h')[0]}</b>;
    expect(staticMarkup(<i>a</i>, { stats })).toBe('<i>a</i>');
    expect(staticMarkup(<Hooked />, { stats })).toBe('<b>h</b>');
    expect(staticMarkup(<i>b</i>, { stats, reactOnly: true })).toBe('<i>b</i>');
    expect(stats).toEqual({ fast: 1, react: 2 });
  });
});

describe('ids and links read as the markup is written', () => {
  /** The writer's reading: the reference's reading of the markup it wrote, or null (read whole) where it cannot vouch. */
  function read(node: ReactNode, options: { slots?: Record<string, string>; slotScans?: Record<string, ReturnType<typeof scanAnyHtml> | null>; pool?: LinkPool } = {}) {
    const pool = options.pool ?? new Map();
    const { html, scanned } = scannedMarkup(node, { ...(options.slots ? { slots: options.slots } : {}), scan: { pool, ...(options.slotScans ? { slots: options.slotScans } : {}) } });
    sameReading(node, options);
    if (scanned) {
      const reference = scanAnyHtml(html);
      expect({ ids: [...scanned.ids].sort(), links: scanned.links }).toEqual({ ids: [...reference.ids].sort(), links: reference.links });
    }
    return scanned;
  }

  it('reads ids, anchors, links and images in document order, wherever React puts the element', () => {
    const page = (
      <html lang="en">
        <head>
          <title id="t">Title</title>
          <meta charSet="utf-8" />
          <link rel="icon" href="/i.svg" id="icon" />
          <script type="application/json" id="data" dangerouslySetInnerHTML={{ __html: '{"a":"<b>"}' }} />
        </head>
        <body id="top">
          <a href="#top" id="first">
            top
          </a>
          {h('a', { name: 'legacy' }, 'old')}
          <a href="">empty</a>
          <img src="/a.png" alt="" id="pic" />
          <section data-id="not-an-id">
            <a href="/x?a=1&b=2">query</a>
          </section>
          <svg id="icon-svg" viewBox="0 0 1 1">
            <a href="/in-svg">svg link</a>
          </svg>
          <input id="field" name="q" />
          <hr id="rule" />
          <form id="f">
            <button name="go">go</button>
          </form>
        </body>
      </html>
    );
    const scanned = read(page);
    expect([...scanned!.ids].sort()).toEqual(['data', 'f', 'field', 'first', 'icon', 'icon-svg', 'legacy', 'pic', 'rule', 't', 'top']);
    expect(scanned!.links.map((l) => `${l.tag} ${l.href}`)).toEqual(['a #top', 'a ', 'img /a.png', 'a /x?a=1&b=2', 'a /in-svg']);
    const plain = read(
      <main id="main">
        <h2 id="a">A</h2>
        <a href="#a">to A</a>
        <img src="/b.png" alt="" />
        {h('a', { href: '/other#x', name: 'here' }, 'other')}
      </main>,
    );
    expect(plain).not.toBeNull();
    expect([...plain!.ids]).toEqual(['main', 'a', 'here']);
    expect(plain!.links.map((l) => `${l.tag} ${l.href}`)).toEqual(['a #a', 'img /b.png', 'a /other#x']);
    // Values as the reader decodes them: what React escaped, and the URL it blocks.
    const escaped = read(
      <p id={`a&b<"c'>`}>
        <a href="javascript:alert(1)">blocked</a>
        {h('x-el', { id: 7 })}
        {h('x-flag', { id: true })}
        <img src="" alt="" />
      </p>,
    );
    expect([...escaped!.ids]).toEqual([`a&b<"c'>`, '7']);
    expect(escaped!.links.map((l) => l.href)).toEqual(["javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"]);
  });

  it('shares one object per distinct link through the pool', () => {
    const pool: LinkPool = new Map();
    const one = read(<a href="/same">1</a>, { pool })!;
    const two = read(<a href="/same">2</a>, { pool })!;
    expect(one.links[0]).toBe(two.links[0]);
  });

  it('adds a slot as read when it was written, or leaves the page to be read whole', () => {
    const tree = <div>{[<a key="a" href="/before">a</a>, h('x-slot', {}), <a key="b" href="/after">b</a>]}</div>;
    const slot = '<nav id="side"><a href="/in-slot">s</a></nav>';
    const scanned = read(tree, { slots: { 'x-slot': slot }, slotScans: { 'x-slot': scanAnyHtml(slot) } });
    expect(scanned!.links.map((l) => l.href)).toEqual(['/before', '/in-slot', '/after']);
    expect([...scanned!.ids]).toEqual(['side']);
    expect(read(tree, { slots: { 'x-slot': slot } })).toBeNull();
    expect(read(tree, { slots: { 'x-slot': slot }, slotScans: { 'x-slot': null } })).toBeNull();
  });

  it('leaves to the whole reading what the reader would read otherwise than the writer wrote it', () => {
    const unsure: ReactNode[] = [
      // Inner HTML is markup the writer did not write.
      <div key="1" dangerouslySetInnerHTML={{ __html: '<a href="/inner">x</a>' }} />,
      // A form in a form: the reader ignores the inner one.
      <form key="2">
        <form id="inner" />
      </form>,
      // Raw text for the reader: an iframe's content, a title or script in SVG.
      h('iframe', { key: '3' }, <a href="/in-iframe">x</a>),
      <svg key="4">
        <title>icon</title>
      </svg>,
      // A script whose text ends it early (in any case).
      <script key="5" dangerouslySetInnerHTML={{ __html: 'a</SCRIPT><a href="/x">' }} />,
      // Names the reader reads otherwise.
      h('image', { key: '6', src: '/i.png' }),
      h('Section', { key: '7', id: 'upper' }),
      // A prop the reader reads under another name's case: which of two comes first is React's order.
      h('section', { key: '8', ID: 'upper' }),
      h('a', { key: '9', href: '/a', HREF: '/b' }, 'two'),
    ];
    for (const node of unsure) expect(read(node), renderToStaticMarkup(node)).toBeNull();
    // And a page React renders is read whole.
    const Hooked = () => <a href={useState('/h')[0]}>h</a>;
    expect(read(<Hooked />)).toBeNull();
  });
});
