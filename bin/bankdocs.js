#!/usr/bin/env node
// Thin entry: the CLI is compiled to lib/ by `npm run compile` (run by `npm ci` via prepare).
// Rendering allocates many short-lived trees: a larger young generation means fewer scavenges.
(await import('node:v8')).setFlagsFromString('--max-semi-space-size=64');
let cli;
try {
  cli = await import('../lib/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli.js')) throw error;
  process.stderr.write('bankdocs is not compiled yet: run "npm ci" (or "npm run compile") in its folder first.\n');
  process.exit(70);
}
process.exitCode = await cli.main(process.argv);
