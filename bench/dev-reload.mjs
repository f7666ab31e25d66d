#!/usr/bin/env node
// Live-reload latency of `bankdocs dev` on the 1000-page corpus: from the moment a guide
// file is written to the moment the update event naming that page reaches a client of
// the event stream, over 50 single-page edits. Budget (issue #7): p95 under 100 ms.
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';

export async function benchDevReload({ site, cli, edits = 50 }) {
  const child = spawn(process.execPath, [cli, 'dev', '--port', '0', '--config', join(site, 'docs.config.yaml')], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start: ${output}`)), 180_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /bankdocs dev: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const startup = /\((\d+) pages in (\d+) ms/.exec(output);

  const waiting = new Map();
  await new Promise((resolve) => {
    get(`${url}/__bankdocs/events`, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: hello')) resolve();
          const data = /^data: (.*)$/m.exec(block);
          if (!block.includes('event: update') || !data) continue;
          const { reload } = JSON.parse(data[1]);
          for (const [page, done] of waiting) if (reload.includes(page)) done(performance.now());
        }
      });
    });
  });

  const guides = readdirSync(join(site, 'content', 'developers'), { recursive: true }).filter((f) => String(f).endsWith('.md')).map(String).sort();
  const times = [];
  for (let i = 0; i < edits; i++) {
    const rel = guides[(i * 37) % guides.length];
    const page = `/developers/${rel.replace(/\.md$/, '')}`;
    const arrived = new Promise((resolve) => waiting.set(page, resolve));
    const start = performance.now();
    appendFileSync(join(site, 'content', 'developers', rel), `\nEdit number ${i} for the live reload benchmark.\n`);
    const end = await arrived;
    waiting.delete(page);
    times.push(end - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  times.sort((a, b) => a - b);
  const pick = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { startupMs: startup ? Number(startup[2]) : NaN, pages: startup ? Number(startup[1]) : NaN, median: pick(0.5), p95: pick(0.95), max: times.at(-1) };
}
