import { describe, expect, it } from 'vitest';
import { contentCollisions, unsafeSvg, vetContentFile } from '../../../src/content/content-files.js';

const asset = (rel: string) => ({ rel, file: `/s/content/${rel}` });
const read = (text: string) => () => text;
/** The vetting of a site at /s whose config lists `hostFiles`. */
const listing = (hostFiles: string[]) => ({ hostFiles, contentDir: '/s/content', configFile: '/s/docs.config.yaml' });

describe('vetContentFile', () => {
  it('publishes passive files and refuses active ones', () => {
    expect(vetContentFile(asset('images/a.png'), listing([]))).toBeNull();
    expect(vetContentFile(asset('files/spec.PDF'), listing([]))).toBeNull();
    expect(vetContentFile(asset('en/index.html'), listing([]))).toMatchObject({ ruleId: 'content-file-type', severity: 'error', file: '/s/content/en/index.html', line: 1, column: 1 });
    expect(vetContentFile(asset('x.js'), listing([]))).toMatchObject({ ruleId: 'content-file-type' });
    expect(vetContentFile(asset('Makefile'), listing([]))).toMatchObject({ ruleId: 'content-file-type' });
  });

  it('publishes host files only when the config lists them', () => {
    expect(vetContentFile(asset('_redirects'), listing([]))).toMatchObject({ ruleId: 'content-host-file', hint: expect.stringContaining('site.hostFiles: [_redirects]') });
    expect(vetContentFile(asset('_headers'), listing(['_headers']))).toBe('host');
    expect(vetContentFile(asset('netlify.toml'), listing(['_headers']))).toMatchObject({ ruleId: 'content-host-file' });
    // Only at the root: a file of that name deeper down is an ordinary file.
    expect(vetContentFile(asset('docs/_headers'), listing([]))).toMatchObject({ ruleId: 'content-file-type' });
  });

  it('checks an SVG for script', () => {
    expect(vetContentFile(asset('a.svg'), listing([]), read('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'))).toBeNull();
    expect(vetContentFile(asset('a.svg'), listing([]), read('<svg>\n  <script>alert(1)</script>\n</svg>'))).toMatchObject({ ruleId: 'svg-unsafe', line: 2, column: 3 });
  });
});

describe('unsafeSvg', () => {
  const rule = (text: string) => unsafeSvg('/f.svg', text);
  it('finds script elements, event attributes and script URLs, at their place', () => {
    expect(rule('<svg><g>\n<rect onclick="x()"/></g></svg>')).toMatchObject({ line: 2, column: 1, message: expect.stringContaining('onclick') });
    expect(rule('<svg><svg:script/></svg>')?.message).toContain('<svg:script>');
    expect(rule('<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>')?.message).toContain('script URL');
    expect(rule('<svg><a href="&#106;avascript:alert(1)">x</a></svg>')?.message).toContain('script URL');
    expect(rule('<svg><set attributeName="href" to="javascript:alert(1)"/></svg>')?.message).toContain('script URL');
    expect(rule('<svg><foreignObject><iframe src="https://x.example"/></foreignObject></svg>')?.message).toContain('<iframe>');
    expect(rule('<svg><SCRIPT href="x.js"/></svg>')).not.toBeNull();
  });

  it('reads the document as a browser does: its own entities, attribute list defaults, URLs with tabs, value lists and style sheets', () => {
    // The script is the text of an entity: the browser's XML parser expands it.
    expect(rule('<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(document.domain)&#60;/script&#62;">]>\n<svg xmlns="http://www.w3.org/2000/svg">&x;</svg>')).toMatchObject({ line: 1, column: 16, message: expect.stringContaining('an entity declaration that is not plain text') });
    expect(rule("<!DOCTYPE svg [<!ENTITY x '<script>alert(1)</script>'>]><svg>&x;</svg>")?.message).toContain('entity declaration');
    expect(rule('<!DOCTYPE svg [<!ENTITY x SYSTEM "https://x.example/e.xml">]><svg>&x;</svg>')?.message).toContain('entity declaration');
    expect(rule('<!DOCTYPE svg [<!ENTITY % p "x">]><svg/>')?.message).toContain('entity declaration');
    // A default event attribute declared for every <svg>.
    expect(rule('<!DOCTYPE svg [<!ATTLIST svg onload CDATA "alert(document.domain)">]>\n<svg xmlns="http://www.w3.org/2000/svg"/>')?.message).toContain('<!ATTLIST>');
    // A plain entity used where a URL is read.
    expect(rule('<!DOCTYPE svg [<!ENTITY js "javascript:alert(1)">]><svg><a href="&js;"><rect/></a></svg>')?.message).toContain('script URL in href');
    // Browsers drop tabs and newlines inside a scheme, and spaces and controls before it.
    expect(rule('<svg xmlns="http://www.w3.org/2000/svg"><a href="java&#9;script:alert(1)"><rect width="200" height="100"/></a></svg>')?.message).toContain('script URL');
    expect(rule('<svg><a href="&#1; jav&#10;ascript:alert(1)"><rect/></a></svg>')?.message).toContain('script URL');
    expect(rule('<svg><animate attributeName="href" values="https://a.example;javascript:alert(1)"/></svg>')?.message).toContain('script URL in values');
    expect(rule('<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="t.xsl"?>\n<svg/>')).toMatchObject({ line: 2, message: expect.stringContaining('style sheet instruction') });
  });

  it('lets Illustrator drawings through: a public DOCTYPE and entities that name namespaces', () => {
    const illustrator = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<!-- Generator: Adobe Illustrator 16.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [',
      '\t<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">',
      "\t<!ENTITY ns_ai 'http://ns.adobe.com/AdobeIllustrator/10.0/'>",
      ']>',
      '<svg version="1.1" xmlns:x="&ns_extend;" xmlns:i="&ns_ai;" xmlns="http://www.w3.org/2000/svg"><a href="https://moorlink.example"><rect/></a></svg>',
    ].join('\n');
    expect(rule(illustrator)).toBeNull();
  });

  it('lets drawings with text, links, styles and foreignObject through', () => {
    expect(rule('<svg><style>.a{fill:red}</style><a href="https://moorlink.example">x</a><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">Label</div></foreignObject></svg>')).toBeNull();
  });
});

describe('contentCollisions', () => {
  it('refuses a content file at a generated path, whatever its case', () => {
    const found = contentCollisions([asset('robots.txt'), asset('Openapi.json'), asset('images/a.png')], ['robots.txt', 'openapi.json', 'en/index.html']);
    expect(found.map((d) => [d.ruleId, d.file, d.message])).toEqual([
      ['content-file-collision', '/s/content/robots.txt', 'robots.txt would replace the generated robots.txt'],
      ['content-file-collision', '/s/content/Openapi.json', 'Openapi.json would replace the generated openapi.json'],
    ]);
  });

  it('refuses a content file where the build writes a folder (an alias or redirect at its URL)', () => {
    const found = contentCollisions([asset('assets/logo.svg'), asset('assets/logo.png')], ['assets/logo.svg/index.html', 'assets/main-X.js']);
    expect(found.map((d) => [d.file, d.message])).toEqual([['/s/content/assets/logo.svg', 'assets/logo.svg is where the build writes the folder of assets/logo.svg/index.html (a page, a redirect or an alias at that URL)']]);
  });
});
