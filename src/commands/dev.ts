// `bankdocs dev`: the site from memory on 127.0.0.1, rebuilt file by file as writers
// save, with live reload and an error overlay; it never stops on a content mistake.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { build as esbuild } from 'esbuild';
import { byPlace, counted, escapeControls, formatDiagnostic, type Diagnostic } from '../diagnostics.js';
import { THEME_DIR } from '../package-root.js';
import { createDevServer } from '../dev/server.js';
import { allowedHosts } from '../http/local-server.js';
import { DevSession, type UpdateReport } from '../dev/session.js';
import { watchFiles } from '../dev/watch.js';
import { consoleOutput, type Output } from './output.js';

export interface DevOptions {
  config?: string;
  port?: string;
  host?: string;
  open?: boolean;
}

export async function devCommand(options: DevOptions, out: Output = consoleOutput): Promise<number> {
  const host = options.host ?? '127.0.0.1';
  const port = Number(options.port ?? 4321);
  const session = new DevSession(options.config ?? 'docs.config.yaml');
  const clientScript = (
    await esbuild({ entryPoints: [join(THEME_DIR, 'client', 'dev.ts')], bundle: true, format: 'iife', write: false, target: 'es2020', logLevel: 'silent' })
  ).outputFiles[0]!.text;

  // The port is taken first, so one in use is said at once, not after the site is
  // rendered; requests that come meanwhile wait for the first render.
  const starting = session.start();
  const dev = createDevServer({ session, clientScript, allowedHosts: allowedHosts(host), log: (line) => out.error(line), ready: starting });
  try {
    await new Promise<void>((resolve, reject) => {
      dev.server.once('error', reject);
      dev.server.listen(port, host, resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.error(code === 'EADDRINUSE' ? `Port ${port} is in use; pass another with --port.` : `Cannot start the dev server: ${(error as Error).message}`);
    // The render threads are stopped once started: nothing is left running.
    await starting.catch(() => undefined);
    await session.close();
    return 1;
  }
  const first = await starting;
  const links = linkReporter(out);
  const watcher = watchFiles(session.watchPaths(), (changes) =>
    session.update(changes).then(
      (result) => {
        // A config fixed or changed may name what was not watched yet: the content folder
        // (a config that did not load had none), a new theme override.
        watcher.add(session.watchPaths());
        dev.broadcast(result);
        report(out, result);
        if (result.rendered) void session.linkProblems().then(links, () => undefined);
      },
      (error: Error) => out.error(`bankdocs dev: ${error.message} (the server keeps running)`),
    ),
  );
  await watcher.ready;
  const actual = (dev.server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}/`;
  out.info(`bankdocs dev: ${url}  (${counted(session.pageCount, 'page')} in ${first.ms} ms; watching for changes, Ctrl+C to stop)`);
  report(out, first);
  await session.linkProblems().then(links, () => undefined);
  if (options.open) openBrowser(url);

  return new Promise<number>((resolve) => {
    const stop = async () => {
      await watcher.close();
      await dev.close();
      await session.close();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Where the errors not fixed yet are ("content/x.md:4:1"), the first few: the saved file's first, then by place. */
function left(problems: UpdateReport['problems'], saved: readonly string[]): string {
  const savedFiles = new Set(saved);
  const isSaved = (d: UpdateReport['problems'][number]) => Number(savedFiles.has(d.file));
  const places = [...new Set([...problems].sort((a, b) => isSaved(b) - isSaved(a) || byPlace(a, b)).map((d) => `${escapeControls(relative(process.cwd(), d.file) || d.file)}:${d.line}:${d.column}`))];
  return places.length > LEFT_SHOWN ? `${places.slice(0, LEFT_SHOWN).join(', ')} and ${places.length - LEFT_SHOWN} more` : places.join(', ');
}

const LEFT_SHOWN = 3;

/** The errors printed so far and not fixed since: each is printed once, and its fix said. */
let printed = new Set<string>();

function report(out: Output, result: UpdateReport): void {
  if (result.what !== 'start') {
    const what = result.cssOnly ? 'stylesheet swapped' : `${counted(result.rendered, 'page')} re-rendered`;
    out.info(`${new Date().toLocaleTimeString()}  ${escapeControls(relative(process.cwd(), result.what) || result.what)}: ${what} in ${result.ms} ms`);
  }
  const key = (d: UpdateReport['problems'][number]) => `${d.file}:${d.line}:${d.column}:${d.ruleId}:${d.message}`;
  const now = new Set(result.problems.map(key));
  // By place, as build and check print them: a file's problems come from several checks.
  for (const problem of [...result.problems].sort(byPlace)) if (!printed.has(key(problem))) out.error(formatDiagnostic(problem, process.cwd(), out.color ?? false));
  const fixed = [...printed].filter((k) => !now.has(k)).length;
  if (fixed) out.info(`  ${fixed} error${fixed === 1 ? '' : 's'} fixed${now.size ? `; ${now.size} left: ${left(result.problems, result.files)} (in the browser's overlay)` : ''}`);
  printed = now;
  // Warnings of the files just saved (build and check say them too, with the site's links).
  for (const warning of [...result.warnings].sort(byPlace)) out.error(formatDiagnostic(warning, process.cwd(), out.color ?? false));
}

/** How many link problems the first check of a session prints; `check` lists them all. */
const LINKS_AT_START = 10;

/**
 * Prints the link problems between the pages (broken links, missing anchors) once each, as
 * they appear: at start (the first few), then those an edit made, and how many an edit mended.
 */
function linkReporter(out: Output): (problems: Diagnostic[]) => void {
  let printed: Set<string> | null = null;
  const key = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}:${d.ruleId}:${d.message}`;
  return (problems) => {
    const now = new Set(problems.map(key));
    const fresh = problems.filter((d) => !printed?.has(key(d))).sort(byPlace);
    const shown = printed ? fresh : fresh.slice(0, LINKS_AT_START);
    for (const problem of shown) out.error(formatDiagnostic(problem, process.cwd(), out.color ?? false));
    if (shown.length < fresh.length) out.info(`  and ${fresh.length - shown.length} more link problems (bankdocs check lists them all)`);
    const mended = printed ? [...printed].filter((k) => !now.has(k)).length : 0;
    if (mended) out.info(`  ${mended} link problem${mended === 1 ? '' : 's'} mended${now.size ? `; ${now.size} left` : ''}`);
    printed = now;
  };
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    spawn(command, args, { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  } catch {
    // no browser to open: the URL is printed above
  }
}
