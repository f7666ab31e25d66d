#!/usr/bin/env node
// Runs bankdocs under the other Node versions it supports (package.json: Node >= 20.19;
// it must run on 22 and 24 too), from this checkout:
//
//   npm run test:nodes                      builds and checks the bundled site with each
//                                           version and compares the output with this Node's
//   npm run test:nodes -- --full            runs the whole test suite under each version
//   npm run test:nodes -- 22.22.0 --full    only the versions named
//
// Each Node comes from the npm registry (the node-<platform>-<arch> package that npm's
// `node` package installs from) into node_modules/.cache/bankdocs-nodes/. With --full,
// lib/ is compiled with that Node first, as `npm ci` would (the commands' code cache is
// made for the Node that compiles), and with this Node again at the end.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_VERSIONS = ['22.22.0', '24.21.0'];
const args = process.argv.slice(2);
const full = args.includes('--full');
const versions = args.filter((arg) => !arg.startsWith('--'));
if (args.some((arg) => arg.startsWith('--') && arg !== '--full') || versions.some((v) => !/^\d+\.\d+\.\d+$/.test(v))) {
  console.error('usage: node scripts/other-nodes.mjs [--full] [version ...]   (versions as 22.22.0; default: ' + DEFAULT_VERSIONS.join(' ') + ')');
  process.exit(2);
}

const run = (command, commandArgs, options = {}) => spawnSync(command, commandArgs, { cwd: root, encoding: 'utf8', ...options });

/** The folder holding bin/node of that version, fetched from the npm registry if need be. */
function nodeOf(version) {
  const folder = join(root, 'node_modules/.cache/bankdocs-nodes', version);
  if (existsSync(join(folder, 'bin/node'))) return folder;
  const name = `node-${process.platform}-${process.arch}@${version}`;
  console.log(`fetching ${name} from the npm registry`);
  const work = mkdtempSync(join(tmpdir(), 'bankdocs-node-'));
  try {
    const packed = run('npm', ['pack', name, '--silent', '--pack-destination', work]);
    if (packed.status !== 0) throw new Error(`npm pack ${name} failed:\n${packed.stderr}`);
    const tarball = join(work, packed.stdout.trim().split('\n').pop());
    const unpacked = run('tar', ['xzf', tarball, '-C', work]);
    if (unpacked.status !== 0) throw new Error(`could not unpack ${tarball}:\n${unpacked.stderr}`);
    mkdirSync(dirname(folder), { recursive: true });
    cpSync(join(work, 'package'), folder, { recursive: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return folder;
}

/** Builds and checks the bundled site with that node binary into `out`; a fresh cache each time. */
function buildWith(node, out) {
  const env = { ...process.env, BANKDOCS_CACHE_DIR: mkdtempSync(join(tmpdir(), 'bankdocs-cache-')) };
  try {
    const built = run(node, ['bin/bankdocs.js', 'build', '--out', out], { env });
    const checked = built.status === 0 ? run(node, ['bin/bankdocs.js', 'check'], { env }) : built;
    return { ok: built.status === 0 && checked.status === 0, report: `${built.stdout}${built.stderr}${checked === built ? '' : checked.stdout + checked.stderr}`.trim() };
  } finally {
    rmSync(env.BANKDOCS_CACHE_DIR, { recursive: true, force: true });
  }
}

/** Files of `a` and `b` (relative paths) whose bytes or modes differ, or that only one has. */
function differences(a, b) {
  const files = (dir) => readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile()).sort();
  const left = files(a);
  const right = new Set(files(b));
  const differ = left.filter((f) => !right.has(f) || statSync(join(a, f)).mode !== statSync(join(b, f)).mode || !readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
  const leftSet = new Set(left);
  return [...differ, ...[...right].filter((f) => !leftSet.has(f))];
}

const work = mkdtempSync(join(tmpdir(), 'bankdocs-nodes-'));
let failed = 0;
try {
  const reference = join(work, 'reference');
  if (!full) {
    const own = buildWith(process.execPath, reference);
    if (!own.ok) throw new Error(`the build with this Node (${process.version}) failed:\n${own.report}`);
  }
  for (const version of versions.length ? versions : DEFAULT_VERSIONS) {
    const folder = nodeOf(version);
    const node = join(folder, 'bin/node');
    if (full) {
      const env = { ...process.env, PATH: `${join(folder, 'bin')}:${process.env.PATH}` };
      const compiled = run(node, ['scripts/compile.mjs'], { env, stdio: 'inherit' });
      const tested = compiled.status === 0 ? run(node, ['node_modules/vitest/vitest.mjs', 'run'], { env, stdio: 'inherit' }) : compiled;
      const ok = tested.status === 0;
      console.log(`Node ${version}: the test suite ${ok ? 'passed' : 'FAILED'}`);
      if (!ok) failed++;
      continue;
    }
    const out = join(work, version);
    const result = buildWith(node, out);
    const diff = result.ok ? differences(reference, out) : [];
    if (!result.ok) console.log(`Node ${version}: build or check FAILED\n${result.report}`);
    else if (diff.length) console.log(`Node ${version}: ${diff.length} files differ from Node ${process.versions.node}'s build: ${diff.slice(0, 10).join(', ')}`);
    else console.log(`Node ${version}: built and checked the bundled site; the output is byte for byte Node ${process.versions.node}'s (${readdirSync(out, { recursive: true }).length} files and folders)`);
    if (!result.ok || diff.length) failed++;
  }
} finally {
  if (full) run(process.execPath, ['scripts/compile.mjs'], { stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
