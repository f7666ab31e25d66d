#!/usr/bin/env node
// Thin entry: the CLI is compiled to lib/ by `npm run compile` (run by `npm ci` via prepare).
// React's development build checks every element and is ~5x slower; pages are static output.
process.env.NODE_ENV ??= 'production';
// Rendering allocates many short-lived trees: a larger young generation means fewer scavenges.
(await import('node:v8')).setFlagsFromString('--max-semi-space-size=64');
let cli;
try {
  cli = await import('../lib/src/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/src/cli.js')) throw error;
  process.stderr.write('bankdocs is not compiled yet: run "npm ci" (or "npm run compile") in its folder first.\n');
  process.exit(70);
}
process.exitCode = await cli.main(process.argv);
