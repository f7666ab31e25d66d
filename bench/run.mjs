#!/usr/bin/env node
// npm run bench: builds and checks a generated 1000-page corpus (bench/gen-corpus.mjs) with
// the real CLI, cold, with each Markdown engine, and reports wall time, pages/s, ms per
// page, peak memory and CPU.
// Budgets (issues #2, #6): build under 2 s wall and 250 MiB peak, check under 2 s;
// search (issue #17): the build with its index under 30 % slower than without.
// Reported, never asserted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pages = Number(process.env.BENCH_PAGES ?? 1000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const generator = join(root, 'bench', 'gen-corpus.mjs');

const work = join(root, '.bench');
const site = join(work, `site-${pages}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(join(site, 'content', 'assets'), { recursive: true });
const gen = spawnSync(process.execPath, [generator, '--pages', String(pages), '--out', join(site, 'content', 'developers')], { encoding: 'utf8' });
if (gen.status !== 0) {
  console.error(gen.stderr);
  process.exit(1);
}
copyFileSync(join(root, 'content', 'assets', 'logo.svg'), join(site, 'content', 'assets', 'logo.svg'));
writeFileSync(join(site, 'content', 'developers', 'index.md'), '---\ntitle: "Developers"\ndescription: "The guides of the benchmark site."\n---\n\nThe guides are grouped in folders by resource.\n');
mkdirSync(join(site, 'content', 'en'), { recursive: true });
writeFileSync(join(site, 'content', 'en', 'index.md'), '---\ntitle: "Meet Benchbank"\ndescription: "The home page of the benchmark site."\n---\n\nEvery guide is listed in the menu of the developers area.\n');
writeFileSync(
  join(site, 'docs.config.yaml'),
  [
    'product: { name: Benchbank, tag: Bench API, provider: Bench Labs }',
    'site: { url: "https://bench.example", titleTemplate: "%s | Benchbank Docs", logo: assets/logo.svg }',
    'locales: { available: [en], default: en }',
    'menu:',
    '  - { label: Home, to: / }',
    '  - { label: Developers, to: /developers }',
    'footer: { links: [], copyright: "© Bench Labs" }',
    '',
  ].join('\n'),
);

const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
/**
 * One cold run of the real CLI, started the way npx starts it (the executable, through
 * its shebang and the flags there): wall time, peak memory, CPU in user and kernel mode.
 */
function runCli(args) {
  const bin = join(root, 'bin', 'bankdocs.js');
  const command = process.platform === 'win32' ? [process.execPath, bin] : [bin];
  const env = { ...process.env, PATH: `${dirname(process.execPath)}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH ?? ''}` };
  const started = performance.now();
  const result = timeBin
    ? spawnSync(timeBin, ['-f', 'bench=%M %U %S', ...command, ...args], { encoding: 'utf8', env })
    : spawnSync(command[0], [...command.slice(1), ...args], { encoding: 'utf8', env });
  const ms = performance.now() - started;
  const m = /bench=(\d+) ([\d.]+) ([\d.]+)/.exec(result.stderr);
  return { ms, status: result.status, stdout: result.stdout, stderr: result.stderr, rssMiB: m ? Number(m[1]) / 1024 : NaN, user: m ? Number(m[2]) : NaN, sys: m ? Number(m[3]) : NaN };
}
function buildOnce(config = join(site, 'docs.config.yaml')) {
  const result = runCli(['build', '--config', config, '--out', join(work, 'dist'), '--quiet']);
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 0) => n.toFixed(d);
const summary = (rs) => {
  const ms = median(rs.map((r) => r.ms));
  return {
    ms,
    min: Math.min(...rs.map((r) => r.ms)),
    max: Math.max(...rs.map((r) => r.ms)),
    rss: Math.max(...rs.map((r) => r.rssMiB)),
    cpu: `CPU ${fmt(median(rs.map((r) => r.user)), 2)} s user + ${fmt(median(rs.map((r) => r.sys)), 2)} s kernel (median)`,
  };
};

const buildRuns = Array.from({ length: runs }, buildOnce);
if (process.env.BENCH_VERBOSE) for (const r of buildRuns) console.log(`  run: ${r.ms.toFixed(0)} ms, ${r.rssMiB.toFixed(1)} MiB, user ${r.user} s, kernel ${r.sys} s`);
const build = summary(buildRuns);
console.log(`build  ${pages} pages with markdown.engine fast (the default), ${runs} cold runs`);
console.log(`  wall        ${fmt(build.ms)} ms median, ${fmt(build.min)}-${fmt(build.max)} ms   (budget 2000 ms)  ${build.ms < 2000 ? 'ok' : 'OVER'}`);
console.log(`  pages/s     ${fmt((pages / build.ms) * 1000)}`);
console.log(`  ms/page     ${fmt(build.ms / pages, 2)}`);
console.log(`  peak memory ${fmt(build.rss, 1)} MiB (budget 250 MiB)  ${build.rss < 250 ? 'ok' : 'OVER'}`);
console.log(`  ${build.cpu}; the kernel part is mostly creating ${pages} folders and files, and varies with the disk`);
// Search (issue #17): the index the build writes (per locale: files, bytes, gzipped), the
// time of its stage, and the build with search on and off, run in turns so both see the
// machine alike. Budget: the build grows under 30 %.
{
  const searchDir = join(work, 'dist', 'search');
  console.log(`search ${pages} pages: the index`);
  for (const locale of existsSync(searchDir) ? readdirSync(searchDir) : []) {
    const files = readdirSync(join(searchDir, locale)).map((f) => readFileSync(join(searchDir, locale, f)));
    const raw = files.reduce((n, b) => n + b.length, 0) / 1024;
    const zipped = files.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024;
    const largest = Math.max(...files.map((b) => gzipSync(b, { level: 9 }).length)) / 1024;
    console.log(`  ${locale}          ${files.length} files, ${fmt(raw)} KB (${fmt(zipped)} KB gzipped; largest file ${fmt(largest, 1)} KB gzipped, a query fetches a few)`);
  }
  writeFileSync(join(site, 'nosearch.config.yaml'), `${readFileSync(join(site, 'docs.config.yaml'), 'utf8')}search: { enabled: false }\n`);
  const stage = [];
  const on = [];
  const off = [];
  for (let i = 0; i < runs; i++) {
    const timed = runCli(['build', '--config', join(site, 'docs.config.yaml'), '--out', join(work, 'dist'), '--quiet', '--timings']);
    on.push(timed);
    stage.push(Number((/\bsearch (\d+)/.exec(timed.stderr) ?? [0, NaN])[1]));
    off.push(buildOnce(join(site, 'nosearch.config.yaml')));
  }
  const withSearch = summary(on);
  const without = summary(off);
  const growth = ((withSearch.ms - without.ms) / without.ms) * 100;
  console.log(`  index stage ${fmt(median(stage))} ms median (bankdocs build --timings: "search")`);
  console.log(`  build       ${fmt(withSearch.ms)} ms with search, ${fmt(without.ms)} ms without (medians of ${runs}, in turns): ${growth >= 0 ? '+' : ''}${fmt(growth, 1)} %   (budget 30 %)  ${growth < 30 ? 'ok' : 'OVER'}`);
  console.log(`  peak memory ${fmt(withSearch.rss, 1)} MiB with search, ${fmt(without.rss, 1)} MiB without`);
}
// The reference engine (markdown.engine: remark) on the same corpus.
writeFileSync(join(site, 'remark.config.yaml'), `${readFileSync(join(site, 'docs.config.yaml'), 'utf8')}markdown: { engine: remark }\n`);
const remark = summary(Array.from({ length: runs }, () => buildOnce(join(site, 'remark.config.yaml'))));
console.log(`build  ${pages} pages with markdown.engine remark (the reference), ${runs} cold runs`);
console.log(`  wall        ${fmt(remark.ms)} ms median, ${fmt(remark.min)}-${fmt(remark.max)} ms; ${fmt(remark.ms / pages, 2)} ms/page; ${fmt(remark.ms / build.ms, 1)}x the fast engine`);
console.log(`  peak memory ${fmt(remark.rss, 1)} MiB; ${remark.cpu}`);
const checkRuns = Array.from({ length: runs }, () => runCli(['check', '--config', join(site, 'docs.config.yaml')]));
const check = summary(checkRuns);
const last = checkRuns.at(-1);
console.log(`check  ${pages} pages, ${runs} cold runs`);
console.log(`  wall        ${fmt(check.ms)} ms median, ${fmt(check.min)}-${fmt(check.max)} ms   (budget 2000 ms)  ${check.ms < 2000 ? 'ok' : 'OVER'}  exit ${last.status}, ${(/Checked .*$/m.exec(last.stderr) ?? [''])[0]}`);
console.log(`  peak memory ${fmt(check.rss, 1)} MiB; ${check.cpu}`);
if (process.env.BENCH_DEV !== '0') {
  const { benchDevReload } = await import('./dev-reload.mjs');
  const dev = await benchDevReload({ site, cli: join(root, 'bin', 'bankdocs.js') });
  console.log(`dev    ${dev.pages} pages: start ${fmt(dev.startupMs)} ms; file write -> reload message over 50 single-page edits`);
  console.log(`  median      ${fmt(dev.median, 1)} ms`);
  console.log(`  p95         ${fmt(dev.p95, 1)} ms   (budget 100 ms)  ${dev.p95 < 100 ? 'ok' : 'OVER'}`);
}

// The browser runtime of the bundled site: core script and each lazy part, gzipped.
// Budgets (issue #4): core under 6 KB, each lazy part under 10 KB (third-party agents aside).
const siteOut = join(work, 'site-dist');
const siteBuild = spawnSync(process.execPath, [join(root, 'bin', 'bankdocs.js'), 'build', '--config', join(root, 'docs.config.yaml'), '--out', siteOut, '--quiet'], { encoding: 'utf8' });
if (siteBuild.status !== 0) {
  console.error(siteBuild.stderr);
  process.exit(1);
}
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const assets = join(siteOut, 'assets');
const core = readdirSync(assets).filter((f) => /^main-.*\.js$/.test(f));
const chunks = existsSync(join(assets, 'chunks')) ? readdirSync(join(assets, 'chunks')).filter((f) => f.endsWith('.js')) : [];
console.log('runtime (gzipped)');
for (const f of core) {
  const kb = gz(join(assets, f));
  console.log(`  core ${f.padEnd(28)} ${kb.toFixed(2)} KB (budget 6 KB)  ${kb < 6 ? 'ok' : 'OVER'}`);
}
for (const f of chunks) {
  const kb = gz(join(assets, 'chunks', f));
  // The monitoring part is the Elastic APM agent: a third-party agent, outside the budget.
  const verdict = f.startsWith('monitoring-') ? 'third-party agent, not budgeted' : `(budget 10 KB)  ${kb < 10 ? 'ok' : 'OVER'}`;
  console.log(`  lazy ${f.padEnd(28)} ${kb.toFixed(2)} KB ${verdict}`);
}
for (const f of readdirSync(assets).filter((f) => f.endsWith('.css'))) console.log(`  css  ${f.padEnd(28)} ${gz(join(assets, f)).toFixed(2)} KB`);
const stub = join(siteOut, 'api', 'index.html');
if (existsSync(stub)) console.log(`  redirect stub /api          ${gz(stub).toFixed(2)} KB`);
rmSync(work, { recursive: true, force: true });
