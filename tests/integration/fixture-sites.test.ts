// Every fixture site the tests build is itself a valid site: `check` finds no error in it
// (a theme link to a missing page would show up here first), and the help-section nav
// links only pages that exist (issue #13).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, copySite, FIXTURES, readHtml, removeSite, runCli, selectAll } from '../helpers/site.js';

const sites = ['basic-site', ...readdirSync(FIXTURES, { recursive: true }).map(String).filter((p) => p.endsWith('docs.config.yaml') && !p.includes('cases')).map((p) => p.replace(/\/?docs\.config\.yaml$/, '')).filter((p) => p && p !== 'basic-site')];

describe.each(sites)('fixture site %s', (name) => {
  it('passes bankdocs check without errors', () => {
    expect(existsSync(join(FIXTURES, name, 'docs.config.yaml'))).toBe(true);
    const dir = copySite(name);
    try {
      const result = runCli(['check', '--format', 'json'], dir);
      const report = JSON.parse(result.stdout) as { diagnostics: { severity: string; ruleId: string; message: string }[] };
      expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.status).toBe(0);
    } finally {
      removeSite(dir);
    }
  });
});

describe('help sections', () => {
  let dir: string;
  beforeAll(() => {
    dir = copySite('basic-site');
    expect(runCli(['build', '--quiet'], dir).status).toBe(0);
  });
  afterAll(() => removeSite(dir));

  it('link the FAQ only where the section has one', () => {
    const navLinks = (path: string) => selectAll('.section-nav a', readHtml(join(dir, 'dist'), path)).map((a) => attr(a, 'href'));
    expect(navLinks('en/general/understanding/index.html')).toEqual(['/en/general/understanding', '/en/general/understanding/faq']);
    expect(navLinks('en/general/linking/index.html')).toEqual([]);
  });
});
