// The heap keeper turns --expose-gc on to get V8's collector, and off again: V8 stamps a
// code cache with the flags it was made under and rejects it under others, and the
// commands write theirs at exit, after collecting (src/code-cache.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { expect, it } from 'vitest';
import { releaseBuffers } from '../../../src/build/heap.js';

it('leaves V8 flags as Node set them, so code cached after a collection fits the next run', () => {
  const source = `(function () { return ${JSON.stringify('cached '.repeat(200))}.length; })`;
  releaseBuffers();
  const dir = mkdtempSync(join(tmpdir(), 'bankdocs-heap-'));
  try {
    const file = join(dir, 'cached.bin');
    writeFileSync(file, new Script(source, { filename: 'cached.js' }).createCachedData());
    const probe = `const s = new (require('node:vm').Script)(${JSON.stringify(source)}, { filename: 'cached.js', cachedData: require('node:fs').readFileSync(${JSON.stringify(file)}) }); process.stdout.write(String(s.cachedDataRejected));`;
    const next = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
    expect(next.stdout).toBe('false');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
