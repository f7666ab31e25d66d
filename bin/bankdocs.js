#!/usr/bin/env node
// Thin entry: the CLI is compiled to lib/ by `npm run compile` (run by `npm ci` via prepare).
// A plain `node` shebang: `env -S` (to pass V8 flags here) is missing from BusyBox, so
// Alpine images could not run it; no V8 flag measured faster anyway (README, "Benchmarks").
// Stack traces (BANKDOCS_DEBUG=1) name the TypeScript sources, through lib/'s source maps.
if (process.env.BANKDOCS_DEBUG) process.setSourceMapsEnabled(true);
let cli;
try {
  cli = await import('../lib/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli.js')) throw error;
  process.stderr.write('bankdocs is not compiled yet: run "npm ci" (or "npm run compile") in its folder first.\n');
  process.exit(70);
}
process.exitCode = await cli.main(process.argv);
