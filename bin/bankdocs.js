#!/usr/bin/env -S node --max-semi-space-size=32
// Thin entry: the CLI is compiled to lib/ by `npm run compile` (run by `npm ci` via prepare).
// The shebang's flag: rendering allocates many short-lived trees, and a larger young
// generation means fewer scavenges (about a third less garbage collection time). It has
// to be given at start-up; `node bin/bankdocs.js` without it works the same, a bit slower.
let cli;
try {
  cli = await import('../lib/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli.js')) throw error;
  process.stderr.write('bankdocs is not compiled yet: run "npm ci" (or "npm run compile") in its folder first.\n');
  process.exit(70);
}
process.exitCode = await cli.main(process.argv);
