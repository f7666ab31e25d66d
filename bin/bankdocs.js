#!/usr/bin/env node
// Thin entry: the CLI is compiled to lib/ by `npm run compile` (run by `npm ci` via prepare).
// React's development build checks every element and is ~5x slower; pages are static output.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../lib/src/cli.js');

process.exitCode = await main(process.argv);
