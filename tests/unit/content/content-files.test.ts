import { describe, expect, it } from 'vitest';
import { contentCollisions, unsafeSvg, vetContentFile } from '../../../src/content/content-files.js';

const asset = (rel: string) => ({ rel, file: `/s/content/${rel}` });
const read = (text: string) => () => text;

describe('vetContentFile', () => {
  it('publishes passive files and refuses active ones', () => {
    expect(vetContentFile(asset('images/a.png'), [])).toBeNull();
    expect(vetContentFile(asset('files/spec.PDF'), [])).toBeNull();
    expect(vetContentFile(asset('en/index.html'), [])).toMatchObject({ ruleId: 'content-file-type', severity: 'error', file: '/s/content/en/index.html', line: 1, column: 1 });
    expect(vetContentFile(asset('x.js'), [])).toMatchObject({ ruleId: 'content-file-type' });
    expect(vetContentFile(asset('Makefile'), [])).toMatchObject({ ruleId: 'content-file-type' });
  });

  it('publishes host files only when the config lists them', () => {
    expect(vetContentFile(asset('_redirects'), [])).toMatchObject({ ruleId: 'content-host-file', hint: expect.stringContaining('site.hostFiles: [_redirects]') });
    expect(vetContentFile(asset('_headers'), ['_headers'])).toBe('host');
    expect(vetContentFile(asset('netlify.toml'), ['_headers'])).toMatchObject({ ruleId: 'content-host-file' });
    // Only at the root: a file of that name deeper down is an ordinary file.
    expect(vetContentFile(asset('docs/_headers'), [])).toMatchObject({ ruleId: 'content-file-type' });
  });

  it('checks an SVG for script', () => {
    expect(vetContentFile(asset('a.svg'), [], read('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'))).toBeNull();
    expect(vetContentFile(asset('a.svg'), [], read('<svg>\n  <script>alert(1)</script>\n</svg>'))).toMatchObject({ ruleId: 'svg-unsafe', line: 2, column: 3 });
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
});
