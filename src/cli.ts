// Commander wiring only; each command lives in src/commands/.
// Exit codes: 0 ok, 1 content or config errors, 2 usage errors, 70 internal errors.
// Commands are imported when run, so --help and usage errors start fast.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';
import { STOPPING } from './build/interrupt.js';

const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

export function createProgram(run: (code: Promise<number>) => void): Command {
  const program = new Command('bankdocs')
    .description('Build, check and serve the documentation site of an API platform from Markdown and OpenAPI.')
    .version(version, '-v, --version')
    .showHelpAfterError('(run "bankdocs --help" for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  const config = () => new Option('-c, --config <file>', 'path of the site config').default('docs.config.yaml');
  // A port is a number from 0 (any free one) to 65535: anything else is a usage error, not a failed start.
  const port = (fallback: string) =>
    new Option('-p, --port <port>', 'port (0: any free one)').default(fallback).argParser((value) => {
      if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('use a port number from 0 to 65535');
      return value;
    });
  const workers = () =>
    new Option('--workers <n>', 'threads to render on: a number n (n-1 render threads beside this one; 0 or 1: this thread only), or "auto": render on this thread, with a second thread writing the pages (build) on sites of 150 pages or more, and rendering beside it from 2000 pages to render').default('auto').argParser((value) => {
      if (value !== 'auto' && !/^\d+$/.test(value)) throw new InvalidArgumentError('use a whole number of threads, or "auto"');
      return value;
    });

  program
    .command('build')
    .description('Build the whole site into a static folder (dist/ by default), replacing it only when the build succeeds.')
    .addOption(config())
    .option('-o, --out <dir>', 'output folder (default: dist/ beside the config)')
    .option('--force', 'replace the output folder even when it is not empty and bankdocs did not build it')
    .option('-q, --quiet', 'print errors only')
    .addOption(workers())
    .option('--no-cache', 'render every page and write the whole folder, not only what changed since the last build (the cache is node_modules/.cache/bankdocs)')
    .option('--timings', 'print the time each build stage took')
    // Nothing changed since the last build: said before the build's code is even loaded.
    .action((opts) =>
      run(
        import('./commands/fresh.js').then((fresh) => {
          const checked = fresh.freshBuild(opts);
          return 'code' in checked ? checked.code : import('./commands/build.js').then((m) => m.buildCommand(opts, undefined, checked.last));
        }),
      ),
    );

  program
    .command('check')
    .description('Check the content: config and front matter, links and anchors, API examples against the OpenAPI document, translations. Exits 1 on errors.')
    .addOption(config())
    .addOption(new Option('-f, --format <format>', 'report format').choices(['human', 'json', 'github']).default('human'))
    .option('--external', 'also fetch external links (10 s time-out, 8 at a time, answers cached for a day)')
    .addOption(
      new Option('--max-warnings <n>', 'also fail when there are more warnings than this').argParser((value) => {
        if (!/^\d+$/.test(value)) throw new InvalidArgumentError('use a whole number of warnings, such as 0');
        return value;
      }),
    )
    .option('--strict', 'treat warnings as errors')
    .option('--execute', 'also run every curl (and, with ruby installed, Ruby) example against the mock API on 127.0.0.1, and report those it refuses')
    .addOption(workers())
    .option('--no-cache', 'read every page again, not what the last check read of the pages that did not change')
    .option('--timings', 'print the time each stage took')
    .action((opts) => run(import('./commands/check.js').then((m) => m.checkCommand(opts))));

  program
    .command('dev')
    .description('Serve the site from memory with live reload while you write; errors show in the terminal and the browser, and the server keeps running.')
    .addOption(config())
    .addOption(port('4321'))
    .option('--host <host>', 'address to listen on (another than 127.0.0.1 only when asked)', '127.0.0.1')
    .option('--open', 'open the site in the default browser')
    .action((opts) => run(import('./commands/dev.js').then((m) => m.devCommand(opts))));

  program
    .command('preview')
    .description('Serve a built site on 127.0.0.1 the way a static host does (404.html for unknown paths).')
    .option('-d, --dir <dir>', 'folder to serve', 'dist')
    .addOption(port('4173'))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action((opts) => run(import('./commands/preview.js').then((m) => m.previewCommand(opts))));

  program
    .command('mock')
    .description('Serve a mock of the documented API on 127.0.0.1: every operation answers its documented example, and a request the API would refuse gets the exact problem in the API\'s error format.')
    .addOption(config())
    .option('-p, --port <port>', 'port (0: any free one)', '4010')
    .option('--host <host>', 'address to listen on (another than 127.0.0.1 only when asked)', '127.0.0.1')
    .option('--stateful', 'remember created resources: a created payment can then be read, changed and deleted')
    .action((opts) => run(import('./commands/mock.js').then((m) => m.mockCommand(opts))));

  program
    .command('init')
    .description('Create a new documentation site: one locale, a guide, an OpenAPI document with one operation and its curl example, and the config, beside what the folder holds. Refuses to replace a docs.config.yaml or content/ there.')
    .argument('[dir]', 'folder of the new site (default: this folder)')
    .option('--force', 'write the starter files even over a docs.config.yaml or content/ of the folder')
    .action((dir: string | undefined, opts) => run(import('./commands/init.js').then((m) => m.initCommand(dir, opts))));

  program
    .command('schema')
    .description('Print the JSON Schema of docs.config.yaml (for editor completion), or write it with --out.')
    .option('-o, --out <file>', 'write to this file instead of standard output')
    .action((opts) => run(import('./commands/schema.js').then((m) => m.schemaCommand(opts))));

  return program;
}

export async function main(argv: string[]): Promise<number> {
  guardStandardStreams();
  let pending: Promise<number> | null = null;
  const program = createProgram((code) => {
    pending = code;
  });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit with 0 through exitOverride, usage errors with 2.
      return error.exitCode === 0 ? 0 : 2;
    }
    throw error;
  }
  if (!pending) {
    program.outputHelp();
    return 2;
  }
  try {
    return await pending;
  } catch (error) {
    // A build being stopped (SIGINT, SIGTERM) removed its staging folder under a write:
    // that failure is the stop's, which says so itself.
    if ((globalThis as Record<symbol, unknown>)[STOPPING]) return await new Promise<number>(() => undefined);
    if (error instanceof Error && error.name === 'OutputError') {
      process.stderr.write(`bankdocs: ${error.message}\nThe previous output, if any, is unchanged.\n`);
      return 74;
    }
    if (error instanceof Error && error.name === 'InputChangedError') {
      process.stderr.write(`bankdocs: ${error.message}\nThe previous output, if any, is unchanged.\n`);
      return 75;
    }
    // Not a content mistake (those are diagnostics) but a bug or an environment problem.
    // Code of the site's own (a plugin, a theme override) may throw anything, null too.
    const detail = (error instanceof Error ? (process.env.BANKDOCS_DEBUG ? (error.stack ?? String(error)) : error.message) : `${String(error)} was thrown`).replace(/^(Error: )?Internal error: /, '');
    process.stderr.write(`bankdocs: internal error: ${detail}\n${process.env.BANKDOCS_DEBUG ? '' : 'Run again with BANKDOCS_DEBUG=1 for the stack trace, and report it with the command you ran.\n'}`);
    return 70;
  }
}

/**
 * A report that cannot be written (a full disk, a closed pipe) is not a content problem
 * (exit 1) nor a crash with a stack trace: a reader that went away (`| head`) ends the
 * run quietly, anything else is exit 74 with the reason.
 */
function guardStandardStreams(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      try {
        if (stream !== process.stderr) process.stderr.write(`bankdocs: cannot write the ${stream === process.stdout ? 'standard output' : 'output'}: ${error.code ?? error.message}\n`);
      } catch {
        // Nowhere left to say it.
      }
      process.exit(74);
    });
  }
}
