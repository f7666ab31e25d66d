#!/usr/bin/env node
// Thin entry: the CLI is compiled to lib/ by `npm run compile` (run by `npm ci` via prepare).
// A plain `node` shebang: `env -S` (to pass V8 flags here) is missing from BusyBox, so
// Alpine images could not run it. The V8 flags bankdocs needs are set below instead.
// Stack traces (BANKDOCS_DEBUG=1) name the TypeScript sources, through lib/'s source maps.
import { setFlagsFromString } from 'node:v8';

if (process.env.BANKDOCS_DEBUG) process.setSourceMapsEnabled(true);
// V8 moves an allocation site's objects straight to the old generation once most of them
// outlive a young-generation collection. Which sites it picks depends on where a
// collection happens to fall: in about one run in three, the sites of each page's parse
// trees were picked, every page's garbage then went to the old generation, the heap
// grew 4 MB every fifteen pages, full collections followed, and with them the loss of
// optimised code: `check` of 1000 pages took 1.6-2.2 s instead of 1.2 s, and a build of
// 4000 pages 60 MB more memory (docs/performance.md). Set before any code is compiled
// (the code cache is valid under the flags it was made with: src/code-cache.ts).
setFlagsFromString('--no-allocation-site-pretenuring');
// A run of bankdocs is short, and V8's optimising compiler works for all of it: on a cold
// build of 1000 pages about 0.8 s of CPU on V8's own threads, on the core the page thread,
// the collector and a render thread share. Smaller optimised functions (less inlined
// into each) and no escape analysis: 0.46 s of compiler time there instead of 0.8 s
// (perf), and no slower code where it matters. Alternating runs: a cold build of 1000
// pages 1.95 -> 1.81 s (2.83 -> 2.47 s of CPU); 4000 pages 5.45 -> 5.23 s; a cold check
// 1.07 -> 1.04 s; a build after an edit the same (docs/performance.md).
setFlagsFromString('--max-inlined-bytecode-size-cumulative=150');
setFlagsFromString('--no-turbo-escape');
// Regular expressions from content (an OpenAPI `pattern`, a collection's file pattern)
// can backtrack for ever on the wrong text ("^(a+)+$" against 40 "a" and a "!"): past a
// number of backtracks V8 runs such an expression on its linear-time engine instead, which
// gives the same answer (expressions without the `u` flag, lookarounds or backreferences).
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
let cli;
try {
  cli = await import('../lib/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli.js')) throw error;
  process.stderr.write('bankdocs is not compiled yet: run "npm ci" (or "npm run compile") in its folder first.\n');
  process.exit(70);
}
const code = await cli.main(process.argv);
// An internal error has been told: end now. What the failed run left open (a server, a
// thread, a timer a site plugin started) would otherwise keep the process alive for ever.
if (code === 70) process.exit(code);
process.exitCode = code;
