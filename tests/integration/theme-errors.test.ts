// A theme override that fails is the site's mistake, reported at its file: one that throws
// while rendering a page (before, bankdocs stopped with "internal error … report it"), and
// one that throws when it is loaded, beside another override (before, the first was named).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-theme-errors-'));
const site = join(root, 'site');
const config = join(site, 'docs.config.yaml');
const output = (r: { stdout: string; stderr: string }) => r.stdout + r.stderr;

beforeAll(() => {
  expect(runCli(['init', 'site'], root).status).toBe(0);
  mkdirSync(join(site, 'theme'));
  writeFileSync(join(site, 'theme', 'Crumbs.tsx'), 'export default function Breadcrumbs() {\n  return <nav>crumbs</nav>;\n}\n');
  writeFileSync(join(site, 'theme', 'Footer.tsx'), 'export default function Footer() {\n  return <footer>ours</footer>;\n}\n');
  replaceIn(config, '# theme:\n#   components:\n#     Footer: ./theme/Footer.tsx   # export default function Footer({ ctx }) { … }\n', 'theme:\n  components:\n    Breadcrumbs: ./theme/Crumbs.tsx\n    Footer: ./theme/Footer.tsx\n');
  const build = runCli(['build'], site);
  expect(build.status, output(build)).toBe(0);
});
afterAll(() => removeSite(root));

describe('a theme override that fails', () => {
  it('while rendering is reported at its file by build and check, once, and the last output stays', () => {
    const before = readFileSync(join(site, 'dist', 'en', 'index.html'), 'utf8');
    writeFileSync(join(site, 'theme', 'Footer.tsx'), 'export default function Footer({ ctx }) {\n  return <footer>{ctx.nothing.here}</footer>;\n}\n');
    for (const command of ['build', 'check']) {
      const result = runCli([command], site);
      expect(result.status, command).toBe(1);
      const text = output(result);
      expect(text, command).toMatch(/theme\/Footer\.tsx:1:1 +error +the theme override failed while rendering \/\S+: Cannot read properties of undefined \(reading 'here'\) +\[theme-component-failed\]/);
      expect(text.match(/theme-component-failed/g), command).toHaveLength(1);
      expect(text, command).not.toMatch(/internal error/);
    }
    expect(readFileSync(join(site, 'dist', 'en', 'index.html'), 'utf8')).toBe(before);
  });

  it('when it is loaded is reported at its own file, not the first override\'s', () => {
    writeFileSync(join(site, 'theme', 'Footer.tsx'), 'throw new Error("not ready");\nexport default function Footer() {\n  return <footer>ours</footer>;\n}\n');
    const result = runCli(['build'], site);
    expect(result.status).toBe(1);
    expect(output(result)).toMatch(/theme\/Footer\.tsx:1:1 +error +the theme overrides do not load: not ready/);
    expect(output(result)).not.toContain('theme/Crumbs.tsx');
  });
});
