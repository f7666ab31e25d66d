import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatReport } from '../../../src/check/report.js';
import { useColor, type Diagnostic } from '../../../src/diagnostics.js';

const d = (file: string, line: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({
  ruleId: 'broken-link',
  severity,
  message: `problem on line ${line}`,
  hint: 'fix it',
  file: `/site/${file}`,
  line,
  column: 3,
});

const report = (color: boolean) =>
  formatReport('human', { diagnostics: [d('b.md', 9, 'warning'), d('a.md', 7), d('b.md', 2)], external: [], externalChecked: false, pages: 4, cwd: '/site', color });

describe('the human report', () => {
  it('groups by file, in order, keeping file:line:col on every line', () => {
    expect(report(false).split('\n')).toEqual([
      'a.md:7:3  error  problem on line 7  [broken-link]',
      '  hint: fix it',
      '',
      'b.md:2:3  error  problem on line 2  [broken-link]',
      '  hint: fix it',
      'b.md:9:3  warning  problem on line 9  [broken-link]',
      '  hint: fix it',
      'Checked 4 pages: 2 errors, 1 warning.',
      '',
    ]);
  });

  it('counts one page as "1 page", one error as "1 error"', () => {
    const one = formatReport('human', { diagnostics: [d('a.md', 7)], external: [], externalChecked: false, pages: 1, cwd: '/site', color: false });
    expect(one.trim().split('\n').at(-1)).toBe('Checked 1 page: 1 error, 0 warnings.');
  });

  it('shows the first ten of more than twenty problems of one rule in a file, then how many more (an OpenAPI document no section documents yet)', () => {
    const missing = (line: number): Diagnostic => ({ ...d('openapi.yaml', line), ruleId: 'example-missing', message: `op${line} is documented in no API section` });
    const diagnostics = [...Array.from({ length: 1223 }, (_, i) => missing(i + 1)), d('openapi.yaml', 5000), d('z.md', 1), ...Array.from({ length: 20 }, (_, i) => d('y.md', i + 1))];
    const lines = formatReport('human', { diagnostics, external: [], externalChecked: false, pages: 4, cwd: '/site', color: false }).split('\n');
    expect(lines.filter((l) => l.includes('[example-missing]'))).toEqual(Array.from({ length: 10 }, (_, i) => `openapi.yaml:${i + 1}:3  error  op${i + 1} is documented in no API section  [example-missing]`));
    // The other rules of the file, and twenty of one rule in another, are all shown.
    expect(lines).toContain('openapi.yaml:5000:3  error  problem on line 5000  [broken-link]');
    expect(lines.filter((l) => l.startsWith('y.md:'))).toHaveLength(20);
    const end = lines.indexOf('openapi.yaml:5000:3  error  problem on line 5000  [broken-link]');
    expect(lines.slice(end, end + 4)).toEqual([
      'openapi.yaml:5000:3  error  problem on line 5000  [broken-link]',
      '  hint: fix it',
      'openapi.yaml: 1213 more example-missing errors like those above, not shown  (bankdocs check --format json lists every one)',
      '',
    ]);
    expect(lines.at(-2)).toBe('Checked 4 pages: 1245 errors, 0 warnings.');
    expect(lines.length).toBeLessThan(80);
  });

  it('colours severities, places and hints only when asked', () => {
    const text = report(true);
    expect(text).toContain('\u001b[31merror\u001b[39m');
    expect(text).toContain('\u001b[33mwarning\u001b[39m');
    expect(text).toContain('\u001b[1ma.md:7:3\u001b[22m');
    expect(text.replace(/\u001b\[\d+m/g, '')).toBe(report(false));
    expect(report(false)).not.toContain('\u001b[');
  });
});

describe('useColor', () => {
  afterEach(() => vi.unstubAllEnvs());
  const pipe = { isTTY: false } as NodeJS.WriteStream;
  const terminal = { isTTY: true, hasColors: () => true } as unknown as NodeJS.WriteStream;

  it('colours a terminal that has colours, never a pipe', () => {
    vi.stubEnv('FORCE_COLOR', '');
    expect(useColor(terminal)).toBe(true);
    expect(useColor(pipe)).toBe(false);
  });

  it('follows FORCE_COLOR either way', () => {
    vi.stubEnv('FORCE_COLOR', '1');
    expect(useColor(pipe)).toBe(true);
    vi.stubEnv('FORCE_COLOR', '0');
    expect(useColor(terminal)).toBe(false);
  });
});

describe('the reports for tools', () => {
  const base = { external: [], externalChecked: false, pages: 4, cwd: '/repo/docs' };

  it('json says whether the check failed and why, with the notices', () => {
    const json = JSON.parse(formatReport('json', { ...base, diagnostics: [d('docs/a.md', 1, 'warning')], notices: ['notice: 3 Ruby examples were not run'], failed: { failed: true, reason: '1 warning, more than --max-warnings 0 allows' } }));
    expect(json.summary).toEqual({ pages: 4, errors: 0, warnings: 1, failed: true, reason: '1 warning, more than --max-warnings 0 allows' });
    expect(json.notices).toEqual(['notice: 3 Ruby examples were not run']);
  });

  it('github names files from the workspace, whatever the working folder, and annotates a failure by warnings alone', () => {
    const diagnostic = { ...d('x', 1, 'warning'), file: '/repo/docs/content/a.md' };
    const text = formatReport('github', { ...base, diagnostics: [diagnostic], workspace: '/repo', failed: { failed: true, reason: '1 warning, more than --max-warnings 0 allows' } });
    expect(text.split('\n')).toEqual([
      '::warning file=docs/content/a.md,line=1,col=3,title=broken-link::problem on line 1 (fix it)',
      '::error title=bankdocs check::1 warning, more than --max-warnings 0 allows',
      '',
    ]);
    // A file outside the workspace is named from the working folder.
    expect(formatReport('github', { ...base, diagnostics: [diagnostic], workspace: '/elsewhere' })).toContain('file=content/a.md,');
  });

  it("github gives the run's notices as notice commands, escaped as workflow commands are (they were plain text)", () => {
    const text = formatReport('github', { ...base, diagnostics: [], notices: ['Ran 2 curl examples against the mock API.', 'notice: curl is not installed: 100% of 5 examples\r\nwere not run'] });
    expect(text.split('\n')).toEqual([
      '::notice title=bankdocs check::Ran 2 curl examples against the mock API.',
      '::notice title=bankdocs check::curl is not installed: 100%25 of 5 examples%0D%0Awere not run',
      '',
    ]);
  });
});
