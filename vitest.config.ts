import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One cache folder for the run (see tests/setup-cache.ts); a test that needs its own sets its own.
process.env.BANKDOCS_CACHE_DIR ??= mkdtempSync(join(tmpdir(), 'bankdocs-test-cache-'));

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    reporters: ['default', './tests/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['./tests/setup-cache.ts'],
    // Integration and browser tests build sites and start servers; two at a time suits 2 cores.
    maxWorkers: 2,
    // Browser tests wait for what a person would see; under load that can take a moment.
    expect: { poll: { timeout: 5000, interval: 50 } },
  },
});
