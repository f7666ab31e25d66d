// The whole test run shares one cache folder of its own (BANKDOCS_CACHE_DIR, set in
// vitest.config.ts), so tests exercise the cache as users run it and never write into
// the repository's node_modules/.cache. Removed when the run ends.
import { rmSync } from 'node:fs';

export default function setup(): () => void {
  return () => {
    const dir = process.env.BANKDOCS_CACHE_DIR;
    if (dir && dir.includes('bankdocs-test-cache-')) rmSync(dir, { recursive: true, force: true });
  };
}
