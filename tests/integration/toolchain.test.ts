// Issue #16, "Done when": a site outside the repository, made by `bankdocs init` from the
// packed tarball (installed offline from the npm cache), adds a collection and a plugin
// (a directive with an attribute schema, and a check), overrides a theme component (a
// Footer wrapping the built-in one, in TSX) and a string, and builds with them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, removeSite } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-toolchain-'));
const site = join(root, 'site');
afterAll(() => removeSite(root));

const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
const bankdocs = (args: string[], cwd = site) => {
  const result = spawnSync(process.execPath, [join(site, 'node_modules', 'bankdocs', 'bin', 'bankdocs.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  return { status: result.status, stdout: result.stdout, out: result.stdout + result.stderr };
};

/**
 * npm resolves a tarball's dependency ranges through the registry's package documents,
 * which `npm ci` does not cache; a lockfile with the repository's resolved versions lets
 * `npm install --offline` take every tarball from the cache instead.
 */
function lockSite(tarball: string): void {
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;
  const packages: Record<string, unknown> = {
    '': { name: 'site', dependencies: { bankdocs: `file:${tarball}` } },
    'node_modules/bankdocs': { version: manifest.version, resolved: `file:${tarball}`, license: manifest.license, dependencies: manifest.dependencies, bin: manifest.bin, engines: manifest.engines },
  };
  for (const [path, entry] of Object.entries(lock.packages)) if (path !== '' && !entry.dev) packages[path] = entry;
  writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'site', private: true, type: 'module', dependencies: { bankdocs: `file:${tarball}` } }, null, 2));
  writeFileSync(join(site, 'package-lock.json'), JSON.stringify({ name: 'site', lockfileVersion: 3, requires: true, packages }, null, 2));
}

beforeAll(() => {
  const packDir = join(root, 'pack');
  mkdirSync(packDir);
  mkdirSync(site);
  // The package's scripts are not run: `prepare` would compile lib/ again (removing it first)
  // under the feet of the tests running beside this one; `pretest` compiled it. The type
  // declarations (`prepack`) are made here, as npm would.
  execFileSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.types.json'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packDir], { cwd: REPO, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const tarball = join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
  lockSite(tarball);
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: site, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'] });
}, 240_000);

describe('the packed package', () => {
  it('holds the runtime and its types, and no tests', () => {
    const pkg = join(site, 'node_modules', 'bankdocs');
    for (const file of ['lib/cli.js', 'lib/index.js', 'lib/plugin.js', 'lib/theme.js', 'lib/render-worker.js', 'theme/client/main.ts', 'templates/init/docs.config.yaml', 'types/src/index.d.ts', 'types/src/plugin/index.d.ts', 'types/src/theme-api.d.ts', 'types/theme/index.d.ts', 'docs.config.schema.json']) {
      expect(existsSync(join(pkg, file)), file).toBe(true);
    }
    expect(existsSync(join(pkg, 'tests'))).toBe(false);
    expect(existsSync(join(pkg, 'content'))).toBe(false);
    expect((JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { private?: boolean }).private).toBeUndefined();
  });

  it('makes a site with init that builds and checks clean', () => {
    expect(bankdocs(['init', '.', '--force']).status).toBe(0);
    expect(readFileSync(join(site, 'docs.config.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\/node_modules\/bankdocs\/docs\.config\.schema\.json$/m);
    const build = bankdocs(['build']);
    expect(build.status, build.out).toBe(0);
    const check = bankdocs(['check']);
    expect(check.status, check.out).toBe(0);
    expect(check.out).toMatch(/0 errors, 0 warnings/);
  });

  it('builds with a collection and a plugin of the site (a directive with an attribute schema, a check)', () => {
    mkdirSync(join(site, 'plugins'));
    writeFileSync(
      join(site, 'plugins', 'callout.mjs'),
      `import { definePlugin } from 'bankdocs/plugin';

export default definePlugin((options = {}) => ({
  name: 'callout',
  strings: { en: { 'callout.warning': 'Careful' }, nl: { 'callout.warning': 'Let op' } },
  directives: {
    callout: {
      kind: 'container',
      attributes: { type: { required: true, values: ['info', 'warning'], description: 'How loud the callout is.' } },
      transform(node, context) {
        return {
          type: 'blockquote',
          data: { hName: 'aside', hProperties: { className: ['callout', 'callout-' + context.attributes.type], dataLabel: context.t('callout.' + context.attributes.type) } },
          children: node.children,
        };
      },
    },
  },
  checks: [
    {
      id: 'no-marker',
      run(site) {
        const marker = options.marker ?? 'TODO';
        return site.pages.flatMap((page) => {
          const offset = page.body.indexOf(marker);
          return offset < 0 ? [] : [{ source: page.source, offset, message: marker + ' left in the page', hint: 'finish the sentence' }];
        });
      },
    },
  ],
}));
`,
    );
    const config = readFileSync(join(site, 'docs.config.yaml'), 'utf8')
      .replace('plugins: []', 'plugins:\n  - [./plugins/callout.mjs, { marker: FIXME }]')
      .replace(
        '  - name: api-section',
        '  - name: release-note\n    files: "releases/{version:version}.md"\n    url: "/releases/{version}"\n    order: versions\n    frontMatter:\n      date: { type: date, required: true }\n  - name: api-section',
      );
    writeFileSync(join(site, 'docs.config.yaml'), config);
    mkdirSync(join(site, 'content', 'releases'));
    for (const [version, date] of [['v1.0', '2026-01-10'], ['v1.1', '2026-02-20']]) {
      writeFileSync(join(site, 'content', 'releases', `${version}.md`), `---\ntitle: "Release ${version}"\ndescription: "What changed in ${version}."\ndate: "${date}"\n---\n\n:::callout{type="warning"}\nRotate your keys after upgrading.\n:::\n`);
    }

    const build = bankdocs(['build']);
    expect(build.status, build.out).toBe(0);
    const page = readFileSync(join(site, 'dist', 'releases', 'v1.1', 'index.html'), 'utf8');
    expect(page).toMatch(/<aside class="callout callout-warning" data-label="Careful">\s*<p>Rotate your keys after upgrading\.<\/p>/);
    // order: versions: the bare document goes to its latest version.
    expect(readFileSync(join(site, 'dist', 'releases', 'index.html'), 'utf8')).toContain('/releases/v1.1');
    const check = bankdocs(['check']);
    expect(check.status, check.out).toBe(0);
  });

  it('reports the plugin\'s check and attribute schema as file:line:col with rule ids', () => {
    writeFileSync(join(site, 'content', 'releases', 'v1.2.md'), '---\ntitle: "Release v1.2"\ndescription: "Soon."\ndate: "2026-03-01"\n---\n\nIntro.\n\nWe still FIXME this.\n\n:::callout{type="warnin"}\nNope.\n:::\n');
    const check = bankdocs(['check', '--format', 'json']);
    expect(check.status).toBe(1);
    const { diagnostics } = JSON.parse(check.stdout) as { diagnostics: { ruleId: string; file: string; line: number; column: number; hint?: string }[] };
    const reported = diagnostics.map((d) => `${d.file.replace(/^.*content\//, '')}:${d.line}:${d.column} ${d.ruleId}${d.hint ? ` (${d.hint})` : ''}`);
    expect(reported).toContain('releases/v1.2.md:9:10 callout/no-marker (finish the sentence)');
    expect(reported).toContain('releases/v1.2.md:11:12 directive-attribute-invalid (did you mean "warning"?)');
  });

  it('builds with a theme component and a string of the site (theme: in docs.config.yaml)', () => {
    rmSync(join(site, 'content', 'releases', 'v1.2.md')); // the broken page of the test before
    mkdirSync(join(site, 'theme'));
    writeFileSync(
      join(site, 'theme', 'Footer.tsx'),
      `import { Footer as BuiltinFooter, type ThemeContext } from 'bankdocs/theme';
import { useId } from 'react';

export default function Footer({ ctx }: { ctx: ThemeContext }) {
  const id = useId();
  return (
    <div className="site-footer-wrap" id={id}>
      <p className="made-with">Made with care for {ctx.config.product.name}</p>
      <BuiltinFooter ctx={ctx} />
    </div>
  );
}
`,
    );
    writeFileSync(
      join(site, 'docs.config.yaml'),
      `${readFileSync(join(site, 'docs.config.yaml'), 'utf8')}\ntheme:\n  components:\n    Footer: ./theme/Footer.tsx\n  strings:\n    en: { searchPlaceholder: "Search the docs", skipToContent: "Jump to the text" }\n`,
    );
    const build = bankdocs(['build']);
    expect(build.status, build.out).toBe(0);
    for (const path of ['en', 'guides/getting-started', 'releases/v1.1']) {
      const page = readFileSync(join(site, 'dist', path, 'index.html'), 'utf8');
      // The override, wrapping the built-in footer (which keeps its copyright line).
      expect(page, path).toMatch(/<div class="site-footer-wrap" id="[^"]+"><p class="made-with">Made with care for Example<\/p><footer class="site-footer">[\s\S]*<p class="copyright">© \d{4} Example Ltd<\/p><\/footer><\/div>/);
    }
    expect(readFileSync(join(site, 'dist', 'search', 'en', 'index.json'), 'utf8')).toContain('"searchPlaceholder":"Search the docs"');
    // A string every page shows.
    expect(readFileSync(join(site, 'dist', 'releases', 'v1.0', 'index.html'), 'utf8')).toMatch(/<a class="skip-link" href="#main"[^>]*>Jump to the text<\/a>/);
    const check = bankdocs(['check']);
    expect(check.status, check.out).toBe(0);
  });

  it('reports a theme override that does not compile at its file:line:col, and an unknown string at its config line', () => {
    const footer = readFileSync(join(site, 'theme', 'Footer.tsx'), 'utf8');
    writeFileSync(join(site, 'theme', 'Footer.tsx'), footer.replace('<BuiltinFooter ctx={ctx} />', '<BuiltinFooter ctx={ctx} /'));
    const broken = bankdocs(['build']);
    expect(broken.status).toBe(1);
    expect(broken.out).toMatch(/theme\/Footer\.tsx:\d+:\d+\s+error\s+the theme override does not compile: .*\[theme-component-invalid\]/);
    writeFileSync(join(site, 'theme', 'Footer.tsx'), footer);
    const config = readFileSync(join(site, 'docs.config.yaml'), 'utf8');
    writeFileSync(join(site, 'docs.config.yaml'), config.replace('skipToContent: "Jump', 'skipToContnt: "Jump'));
    const unknown = bankdocs(['build']);
    const line = config.split('\n').findIndex((l) => l.includes('skipToContent: "Jump')) + 1;
    expect(unknown.out).toContain(`docs.config.yaml:${line}:`);
    expect(unknown.out).toMatch(/the theme has no string "skipToContnt"\s+\[theme-string-unknown\]\s+hint: did you mean "skipToContent"\?/);
    writeFileSync(join(site, 'docs.config.yaml'), config);
  });

  it('offers the programmatic API', () => {
    writeFileSync(join(site, 'api.mjs'), "import { resolveConfig } from 'bankdocs';\nconst r = await resolveConfig('docs.config.yaml');\nconsole.log(JSON.stringify({ ok: r.ok, collections: r.value.collections.map((c) => c.model.name) }));\n");
    const out = execFileSync(process.execPath, ['api.mjs'], { cwd: site, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ ok: true, collections: ['home', 'guide', 'release-note', 'api-section'] });
  });
});
