import { describe, expect, it } from 'vitest';
import { counted, dedupeDiagnostics, escapeControls, formatDiagnostic, reshowPaths, type Diagnostic } from '../../src/diagnostics.js';
import { formatReport } from '../../src/check/report.js';

const d = { ruleId: 'broken-link', severity: 'error' as const, message: '"\u001b[2J\u001b]0;pwned\u0007x.md" is not a page', hint: 'fix \u009b it', file: '/s/content/a\u001b[31mred\nb.md', line: 3, column: 5 };

describe('control characters', () => {
  it('never reach the terminal raw', () => {
    const text = formatDiagnostic(d, '/s');
    expect(text).toBe('content/a\\u001b[31mred\\u000ab.md:3:5  error  "\\u001b[2J\\u001b]0;pwned\\u0007x.md" is not a page  [broken-link]\n  hint: fix \\u009b it');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('never let content start a line of its own (a CI reads "::" lines as commands)', () => {
    const injected = { ...d, file: '/s/content/a.md', message: 'raw HTML "<b>\n::notice::Approved by the security team" is not rendered', hint: 'x\r\n::stop-commands::y' };
    const text = formatDiagnostic(injected, '/s');
    expect(text.split('\n')).toEqual(['content/a.md:3:5  error  raw HTML "<b>\\u000a::notice::Approved by the security team" is not rendered  [broken-link]', '  hint: x\\u000d\\u000a::stop-commands::y']);
  });

  it('are escaped in GitHub annotations too', () => {
    const text = formatReport('github', { diagnostics: [d], external: [], externalChecked: false, pages: 1, cwd: '/s' });
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('\\u001b[2J');
  });

  it('leave ordinary text alone', () => {
    expect(escapeControls('Café\ttab – “quotes”')).toBe('Café\ttab – “quotes”');
  });
});

describe('reshowPaths', () => {
  const made = { ruleId: 'translation-missing', severity: 'warning' as const, message: '"support.md" has no nl translation', hint: 'add site/content/nl/support.md (not site/content/nl/support.mdx, nor my-site/content/nl/support.md)', paths: ['/w/site/content/nl/support.md'], file: '/w/site/content/en/support.md', line: 1, column: 1 };

  it('names the files of a message and hint from another working folder, whole paths only', () => {
    expect(reshowPaths(made, '/w', '/w/site').hint).toBe('add content/nl/support.md (not site/content/nl/support.mdx, nor my-site/content/nl/support.md)');
    expect(reshowPaths(made, '/w', '/elsewhere').hint).toBe('add ../w/site/content/nl/support.md (not site/content/nl/support.mdx, nor my-site/content/nl/support.md)');
    expect(reshowPaths({ ...made, hint: 'add site/content/nl/support.md.' }, '/w', '/w/site').hint).toBe('add content/nl/support.md.');
  });

  it('are not in --format json, whose diagnostics keep the fields README lists (the files are in the words already)', () => {
    const text = formatReport('json', { diagnostics: [made], external: [], externalChecked: false, pages: 1, cwd: '/w' });
    const [listed] = (JSON.parse(text) as { diagnostics: Record<string, unknown>[] }).diagnostics;
    expect(Object.keys(listed!).sort()).toEqual(['column', 'file', 'hint', 'line', 'message', 'ruleId', 'severity']);
  });

  it('leaves a problem that names no file, or said from the same folder, as it is', () => {
    const { paths: _paths, ...plain } = made;
    expect(reshowPaths(plain, '/w', '/w/site')).toBe(plain);
    expect(reshowPaths(made, '/w', '/w')).toBe(made);
  });
});

describe('counted', () => {
  it('says one of a thing without an "s", and any other count with one', () => {
    expect([0, 1, 2].map((n) => counted(n, 'page'))).toEqual(['0 pages', '1 page', '2 pages']);
    expect(counted(1, 'unchanged page')).toBe('1 unchanged page');
  });
});

describe('dedupeDiagnostics', () => {
  const at = (message: string, subject?: string): Diagnostic => ({ ruleId: 'broken-link', severity: 'error', message, file: 'content/api/02-authentication.md', line: 18, column: 1, ...(subject ? { subject } : {}) });

  it('reports the same problem found twice once, on every page it was found on', () => {
    expect(dedupeDiagnostics([at('"a.md" points to a.md, which is not a page', 'a.md'), at('"a.md" points to a.md, which is not a page', 'a.md')])).toHaveLength(1);
    expect(dedupeDiagnostics([at('the theme override failed while rendering /en/'), at('the theme override failed while rendering /nl/')])).toHaveLength(1);
  });

  it('keeps two problems of one rule at one place about two links: the links of an operation block all stand at the block', () => {
    const two = [at('"../developers/nope.md" points to developers/nope.md, which is not a page', '../developers/nope.md'), at('"/developers/nope" points to /developers/nope, which is no page of the site', '/developers/nope')];
    expect(dedupeDiagnostics(two)).toEqual(two);
  });
});
