// The build cache (src/cache/): a build with nothing changed stops after checking its
// inputs; a build with one changed guide renders that guide (and what shows it) and
// writes only the files that changed; the result is byte for byte what a cold build
// makes. A damaged cache, or an output folder changed by hand, only costs time.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copySite, removeSite, CLI, REPO } from '../helpers/site.js';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';

let site: string;
let cache: string;

beforeEach(() => {
  site = copySite('basic-site');
  cache = mkdtempSync(join(tmpdir(), 'bankdocs-cache-'));
});
afterEach(() => {
  removeSite(site);
  rmSync(cache, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, BANKDOCS_CACHE_DIR: cache, ...env } });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Every file of a folder with its bytes, by path. */
function tree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), 'latin1')]));
}

/** The output folder is byte for byte what a build without the cache makes of the same content. */
function expectSameAsCold(): void {
  const cold = mkdtempSync(join(tmpdir(), 'bankdocs-cold-'));
  try {
    expect(cli(['build', '--out', cold], { BANKDOCS_CACHE: 'off' }).status).toBe(0);
    const warm = tree(join(site, 'dist'));
    const reference = tree(cold);
    expect([...warm.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [path, bytes] of reference) expect(warm.get(path), path).toBe(bytes);
  } finally {
    rmSync(cold, { recursive: true, force: true });
  }
}

const edit = (rel: string, change: (text: string) => string) => writeFileSync(join(site, rel), change(readFileSync(join(site, rel), 'utf8')));


describe('build cache', () => {
  it('does nothing when nothing changed, and says so with the warnings of the build that made the folder', () => {
    edit('content/developers/getting-started.md', (t) => `${t}\n[a link to nowhere](#no-such-heading)\n`);
    const first = cli(['build']);
    expect(first.status).toBe(0);
    expect(first.out).toMatch(/Built 24 pages/);
    const warnings = first.out.split('\n').filter((l) => l.includes('warning'));
    expect(warnings.length).toBeGreaterThan(0);
    const second = cli(['build']);
    expect(second.status).toBe(0);
    expect(second.out).toMatch(/dist is up to date: nothing changed since its build \(24 pages, \d+ files\)/);
    for (const line of warnings) expect(second.out).toContain(line);
    // Touching a file without changing it is no change either.
    const file = join(site, 'content/en/index.md');
    writeFileSync(file, readFileSync(file));
    expect(cli(['build']).out).toMatch(/is up to date/);
  });

  it('says the last build\'s warnings as a build from this working folder would, when that build ran from another (-c site/docs.config.yaml, then in site/)', () => {
    const parent = join(site, '..');
    const name = site.slice(parent.length + 1);
    const run = (args: string[], cwd: string, env: Record<string, string> = {}) => {
      const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, BANKDOCS_CACHE_DIR: cache, ...env } });
      return `${result.stdout}${result.stderr}`;
    };
    const first = run(['build', '-c', `${name}/docs.config.yaml`], parent);
    expect(first).toContain(`hint: add ${name}/content/nl/support.md`);
    const replayed = run(['build'], site);
    expect(replayed).toMatch(/dist is up to date/);
    const cold = mkdtempSync(join(tmpdir(), 'bankdocs-cold-'));
    try {
      const fresh = run(['build', '--out', cold], site, { BANKDOCS_CACHE: 'off' });
      const warnings = (out: string) => out.split('\n').filter((l) => !/is up to date|^Built /.test(l));
      expect(warnings(fresh)).toContain('  hint: add content/nl/support.md');
      expect(warnings(replayed)).toEqual(warnings(fresh));
      // And back in the parent folder, as a build there says them.
      expect(warnings(run(['build', '-c', `${name}/docs.config.yaml`], parent))).toEqual(warnings(first));
    } finally {
      rmSync(cold, { recursive: true, force: true });
    }
  });

  it('tells a build with nothing to do from the last manifest alone, as the full build would tell it', () => {
    edit('content/developers/getting-started.md', (t) => `${t}\n[a link to nowhere](#no-such-heading)\n`);
    expect(cli(['build']).status).toBe(0);
    const dist = join(site, 'dist');
    // The compiled check the CLI runs first (its answer depends on the compiled bankdocs): 0 when up to date, null to build.
    const fresh = (out = 'dist') => {
      const script = `const m = await import(${JSON.stringify(pathToFileURL(join(REPO, 'lib', 'commands', 'fresh.js')).href)}); const r = m.freshBuild({ config: 'docs.config.yaml', out: ${JSON.stringify(out)}, quiet: true }); console.log(JSON.stringify('code' in r ? r.code : null));`;
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: site, encoding: 'utf8', env: { ...process.env, BANKDOCS_CACHE_DIR: cache } });
      return JSON.parse(result.stdout) as number | null;
    };
    expect(fresh()).toBe(0);
    // The same words and warnings as the full build (--timings takes the full path), but for the time.
    const said = (out: string) => out.replace(/checked in \d+ ms/, '').replace(/^timings.*$/m, '').trim();
    expect(said(cli(['build']).out)).toBe(said(cli(['build', '--timings']).out));
    // Whatever the full build would build again, this does not call up to date.
    const changes: [string, () => void, () => void][] = [
      ['a new content file', () => writeFileSync(join(site, 'content/developers/new.md'), '---\ntitle: "New"\ndescription: "New."\n---\n\nNew.\n'), () => rmSync(join(site, 'content/developers/new.md'))],
      ['an edited content file', () => edit('content/en/index.md', (t) => `${t}\nMore.\n`), () => edit('content/en/index.md', (t) => t.replace(/\nMore\.\n$/, ''))],
      ['an edited config', () => edit('docs.config.yaml', (t) => `${t}\n# a comment\n`), () => edit('docs.config.yaml', (t) => t.replace(/\n# a comment\n$/, ''))],
      ['an output file removed', () => rmSync(join(dist, 'sitemap.xml')), () => cli(['build'])],
      ['an output file added', () => writeFileSync(join(dist, 'extra.txt'), 'x'), () => rmSync(join(dist, 'extra.txt'))],
    ];
    for (const [what, change, undo] of changes) {
      change();
      expect(fresh(), what).toBeNull();
      undo();
      expect(fresh(), `${what}, undone`).toBe(0);
    }
    // Nor with another output folder, or without the cache.
    expect(fresh('elsewhere')).toBeNull();
    expect(cli(['build', '--no-cache']).out).toMatch(/Built 24 pages/);
  });

  it('renders only what an edit reaches, writes only changed files, and matches a cold build byte for byte', () => {
    expect(cli(['build']).status).toBe(0);
    const before = tree(join(site, 'dist'));
    const times = new Map([...before.keys()].map((p) => [p, statSync(join(site, 'dist', p)).mtimeMs]));
    edit('content/developers/payments/create-payment.md', (t) => `${t}\nA sentence added to the guide.\n`);
    const warm = cli(['build', '--timings']);
    expect(warm.status).toBe(0);
    expect(warm.out).toMatch(/Built 24 pages \(\d+ files\) into dist in \d+ ms; 23 unchanged pages reused, only changed files written\./);
    // The one page rendered: its Markdown's share of the stage.
    expect(warm.out).toMatch(/timings \(ms\): .*render \d+ \(markdown \d+\)/);
    const after = tree(join(site, 'dist'));
    const changed = [...after.keys()].filter((p) => after.get(p) !== before.get(p));
    expect(changed).toContain('developers/payments/create-payment/index.html');
    // Untouched pages were not written again.
    expect(statSync(join(site, 'dist', 'en/index.html')).mtimeMs).toBe(times.get('en/index.html'));
    expectSameAsCold();
  });

  it("takes an unchanged page's link findings from the last build until what they point at changes, as a cold build finds them", () => {
    edit('content/developers/getting-started.md', (t) => `${t}\nSee [the request](payments/create-payment.md#request) and [nothing](payments/create-payment.md#no-such-heading).\n`);
    const warnings = (out: string) => out.split('\n').filter((l) => l.includes('warning')).sort();
    const cold = () => {
      const out = mkdtempSync(join(tmpdir(), 'bankdocs-cold-'));
      try {
        return warnings(cli(['build', '--out', out], { BANKDOCS_CACHE: 'off' }).out);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    };
    const first = cli(['build']);
    expect(first.status).toBe(0);
    expect(warnings(first.out).join('\n')).toMatch(/getting-started\.md:\d+:\d+.*no heading or element with id "no-such-heading"/);
    // Text only: the guide that links to the page is not rendered again, and its findings are the same.
    edit('content/developers/payments/create-payment.md', (t) => `${t}\nA sentence added to the guide.\n`);
    const text = cli(['build']);
    expect(text.out).toMatch(/23 unchanged pages reused/);
    expect(warnings(text.out)).toEqual(warnings(first.out));
    // The heading it links to is renamed: the unchanged guide's link is judged again.
    edit('content/developers/payments/create-payment.md', (t) => t.replace('## Request', '## The request'));
    const heading = cli(['build']);
    expect(heading.out).toMatch(/23 unchanged pages reused/);
    expect(warnings(heading.out).join('\n')).toMatch(/getting-started\.md:\d+:\d+.*no heading or element with id "request"/);
    expect(warnings(heading.out)).toEqual(cold());
    // And back: the warning is gone without the guide being rendered.
    edit('content/developers/payments/create-payment.md', (t) => t.replace('## The request', '## Request'));
    const back = cli(['build']);
    expect(warnings(back.out)).toEqual(warnings(first.out));
    expectSameAsCold();
  });

  it("judges again, every time, an unchanged page's links into the search index (whose file names change with its contents)", () => {
    expect(cli(['build']).status).toBe(0);
    const chunks = readdirSync(join(site, 'dist', 'search', 'en')).filter((f) => f.startsWith('t-'));
    expect(chunks.length).toBeGreaterThan(0);
    edit('content/developers/getting-started.md', (t) => `${t}\n${chunks.map((f) => `[p](/search/en/${f})`).join(' ')}\n`);
    expect(cli(['build']).status).toBe(0);
    // A new word elsewhere changes a part of the index, and its name: the unchanged guide's link to it is broken now.
    edit('content/developers/payments/create-payment.md', (t) => `${t}\nZyzzyvaquokka.\n`);
    const warm = cli(['build']);
    expect(warm.status).toBe(1);
    expect(warm.out).toMatch(/getting-started\.md:\d+:\d+.*\/search\/en\/t-[0-9a-f]+\.json.*no file of the site/);
  });

  it('a front matter edit reaches the pages that show it; a removed page leaves no file behind', () => {
    expect(cli(['build']).status).toBe(0);
    edit('content/developers/getting-started.md', (t) => t.replace('title: "Getting started"', 'title: "Getting started quickly"'));
    expect(cli(['build']).status).toBe(0);
    expectSameAsCold();
    writeFileSync(join(site, 'content/developers/extra.md'), '---\ntitle: "Extra"\ndescription: "For a while."\n---\n\nHere for one build.\n');
    expect(cli(['build']).status).toBe(0);
    expect(readdirSync(join(site, 'dist', 'developers'))).toContain('extra');
    rmSync(join(site, 'content/developers/extra.md'));
    const built = cli(['build']);
    expect(built.status, built.out).toBe(0);
    expect(readdirSync(join(site, 'dist', 'developers'))).not.toContain('extra');
    expectSameAsCold();
  });

  it('a damaged cache or an output file changed by hand only means building again', () => {
    expect(cli(['build']).status).toBe(0);
    for (const entry of readdirSync(cache, { recursive: true, withFileTypes: true })) if (entry.isFile()) writeFileSync(join(entry.parentPath, entry.name), 'not a cache file');
    const again = cli(['build']);
    expect(again.status).toBe(0);
    expect(again.out).toMatch(/Built 24 pages \(\d+ files\) into dist in \d+ ms\.$/m);
    const page = join(site, 'dist', 'en/index.html');
    const good = readFileSync(page, 'utf8');
    writeFileSync(page, 'changed by hand');
    expect(cli(['build']).out).toMatch(/Built 24 pages/);
    expect(readFileSync(page, 'utf8')).toBe(good);
    // With an edit too: the whole folder is written.
    writeFileSync(page, 'changed by hand');
    edit('content/developers/getting-started.md', (t) => `${t}\nOne more sentence.\n`);
    const both = cli(['build']);
    expect(both.out).toMatch(/Built 24 pages \(\d+ files\) into dist in \d+ ms\.$/m);
    expect(readFileSync(page, 'utf8')).toBe(good);
    expectSameAsCold();
  });

  it('a cache file with one byte changed is not read, so the output is what a cold build makes', () => {
    expect(cli(['build']).status).toBe(0);
    // Each file of the site's cache in turn (v8 serialisation reads most such bytes as other values, without a word).
    const files = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.bin') && !e.parentPath.endsWith('code'));
    expect(files.length).toBeGreaterThan(10);
    edit('content/developers/getting-started.md', (t) => `${t}\nOne more sentence.\n`);
    for (const entry of files) {
      const file = join(entry.parentPath, entry.name);
      const bytes = readFileSync(file);
      bytes[bytes.length >> 1]! ^= 1;
      writeFileSync(file, bytes);
    }
    const built = cli(['build']);
    expect(built.status, built.out).toBe(0);
    expectSameAsCold();
  });

  it('a failed build changes neither the output folder nor what the next build reuses', () => {
    expect(cli(['build']).status).toBe(0);
    const before = tree(join(site, 'dist'));
    edit('content/en/index.md', (t) => t.replace('title:', 'title: [broken'));
    expect(cli(['build']).status).toBe(1);
    expect(tree(join(site, 'dist'))).toEqual(before);
    edit('content/en/index.md', (t) => t.replace('title: [broken', 'title:'));
    expect(cli(['build']).out).toMatch(/is up to date/);
  });

  it('check reuses what its last run read, with the same findings', () => {
    edit('content/developers/getting-started.md', (t) => `${t}\n[a link to nowhere](#no-such-heading)\n`);
    const first = cli(['check', '--format', 'json']);
    const second = cli(['check', '--format', 'json', '--timings']);
    expect(second.status).toBe(first.status);
    const findings = (out: string) => JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as unknown;
    expect(second.out).toMatch(/; 24 unchanged pages read from the cache/);
    expect(findings(second.out.replace(/timings.*$/m, ''))).toEqual(findings(first.out));
    expect(cli(['check', '--no-cache']).status).toBe(first.status);
  });

  it('a check after a build reads the pages the build rendered, with the same findings as a check of its own', () => {
    edit('content/developers/getting-started.md', (t) => `${t}\n[a link to nowhere](#no-such-heading)\n\n<div>raw HTML</div>\n\n\`\`\`bash\n${'x'.repeat(12_000)}\n\`\`\`\n`);
    expect(cli(['build']).status).toBe(0);
    const afterBuild = cli(['check', '--format', 'json', '--timings']);
    expect(afterBuild.out).toMatch(/; 24 unchanged pages read from the cache/);
    const own = cli(['check', '--format', 'json', '--no-cache']);
    expect(afterBuild.status).toBe(own.status);
    const findings = (out: string) => JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as { diagnostics: { ruleId: string }[] };
    const reused = findings(afterBuild.out.replace(/timings.*$/m, ''));
    expect(reused).toEqual(findings(own.out));
    expect(reused.diagnostics.map((d) => d.ruleId)).toEqual(expect.arrayContaining(['missing-anchor', 'raw-html', 'code-too-long-to-highlight']));
  });
});

describe("the commands' compiled code (src/code-cache.ts)", () => {
  const entries = () => (existsSync(join(cache, 'code')) ? readdirSync(join(cache, 'code')) : []);
  const entry = (command: string) => {
    const names = entries().filter((name) => name.startsWith(`${command}-`));
    expect(names).toHaveLength(1);
    return join(cache, 'code', names[0]!);
  };
  /** Drops the kept runtime bundle, so the next build imports esbuild (a dynamic import from the cached code). */
  const dropAssets = () => {
    for (const e of readdirSync(cache, { recursive: true, withFileTypes: true })) if (e.name === 'assets.bin') rmSync(join(e.parentPath, e.name));
  };

  // Without the entry made at install (lib/commands/code/), as with another Node's, whose V8 refuses it.
  const noSeed = { BANKDOCS_NO_SEED: '1' };

  it('runs from the entry made at install and keeps none of its own, importing what it loads on demand', () => {
    const seeds = join(REPO, 'lib', 'commands', 'code');
    expect(readdirSync(seeds).filter((name) => /^(build|check)-/.test(name))).toHaveLength(2);
    expect(cli(['build']).status).toBe(0);
    edit('content/developers/getting-started.md', (t) => `${t}\nOne more sentence.\n`);
    dropAssets();
    const second = cli(['build']);
    expect(second.out).toMatch(/Built 24 pages/);
    expect(second.status).toBe(0);
    expectSameAsCold();
    expect(cli(['check']).status).toBe(0);
    expect(entries()).toEqual([]);
  });

  it('is kept after the first build, and the next build runs from it, importing what it loads on demand', () => {
    expect(cli(['build'], noSeed).status).toBe(0);
    const file = entry('build');
    const made = statSync(file);
    expect(made.size).toBeGreaterThan(100_000);
    edit('content/developers/getting-started.md', (t) => `${t}\nOne more sentence.\n`);
    dropAssets();
    const second = cli(['build'], noSeed);
    expect(second.out).toMatch(/Built 24 pages/);
    expect(second.status).toBe(0);
    // Taken as it was, not written again.
    expect(statSync(file).mtimeMs).toBe(made.mtimeMs);
    expectSameAsCold();
    expect(cli(['check'], noSeed).status).toBe(0);
    expect(entries().some((name) => name.startsWith('check-'))).toBe(true);
  });

  it('a damaged entry only costs compiling again, and is replaced', () => {
    expect(cli(['build'], noSeed).status).toBe(0);
    const file = entry('build');
    writeFileSync(file, Buffer.alloc(4096, 7));
    edit('content/developers/getting-started.md', (t) => `${t}\nOne more sentence.\n`);
    dropAssets();
    expect(cli(['build'], noSeed).status).toBe(0);
    expect(statSync(entry('build')).size).toBeGreaterThan(100_000);
    expectSameAsCold();
  });

  it('is not kept with the cache off', () => {
    expect(cli(['build'], { ...noSeed, BANKDOCS_CACHE: 'off' }).status).toBe(0);
    expect(entries()).toEqual([]);
  });
});
