import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    reporters: ['default', './tests/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Integration and browser tests build sites and start servers; two at a time suits 2 cores.
    maxWorkers: 2,
    // Browser tests wait for what a person would see; under load that can take a moment.
    expect: { poll: { timeout: 5000, interval: 50 } },
  },
});
