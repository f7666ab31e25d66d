// `bankdocs dev` on the bundled site, measured the way a writer sees it: from the moment
// a file is written to the moment its new text is in the page open in Chromium (and a
// frame has been drawn), over edits of every guide, in turn. Also counts how many edits
// reloaded the page rather than patching it in place (theme/client/dev-patch.ts).
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs in the page from its start (also after a reload): records when the awaited text first shows. */
function watchForToken() {
  const check = () => {
    const token = sessionStorage.getItem('bench-token');
    if (!token || sessionStorage.getItem(`bench-seen-${token}`) || !document.body?.textContent?.includes(token)) return;
    requestAnimationFrame(() => sessionStorage.setItem(`bench-seen-${token}`, String(performance.timeOrigin + performance.now())));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('DOMContentLoaded', check);
}

export async function benchDevVisible({ root, cli, work, rounds = 3 }) {
  const site = mkdtempSync(join(work, 'dev-site-'));
  cpSync(join(root, 'content'), join(site, 'content'), { recursive: true });
  cpSync(join(root, 'docs.config.yaml'), join(site, 'docs.config.yaml'));
  const child = spawn(process.execPath, [cli, 'dev', '--port', '0'], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BANKDOCS_CACHE_DIR: join(site, '.cache') } });
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
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const times = [];
  let reloads = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(watchForToken);
    const page = await context.newPage();
    const guides = readdirSync(join(site, 'content', 'developers')).filter((f) => f.endsWith('.md') && f !== 'index.md').sort();
    let n = 0;
    for (let round = 0; round < rounds; round++) {
      for (const guide of guides) {
        await page.goto(`${url}/developers/${guide.replace(/\.md$/, '')}`);
        await page.waitForFunction(() => document.documentElement.dataset.devConnected === 'true');
        // The first edit of a page opened just now: let the client fetch the page as sent.
        await page.waitForTimeout(150);
        for (let edit = 0; edit < 3; edit++) {
          const token = `benchtoken${round}x${n++}x${Math.random().toString(36).slice(2, 8)}`;
          await page.evaluate((t) => {
            sessionStorage.setItem('bench-token', t);
            window.__benchMarker = true;
          }, token);
          const start = Date.now();
          appendFileSync(join(site, 'content', 'developers', guide), `\nA sentence the benchmark added: ${token}.\n`);
          await page.waitForFunction((t) => sessionStorage.getItem(`bench-seen-${t}`), token, { timeout: 20_000 });
          const seen = Number(await page.evaluate((t) => sessionStorage.getItem(`bench-seen-${t}`), token));
          if (!(await page.evaluate(() => window.__benchMarker === true))) reloads++;
          times.push(seen - start);
          await page.waitForTimeout(60);
        }
      }
    }
  } finally {
    await browser.close();
    // The server is gone before its folder is: it may still be writing there as it stops.
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(site, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  const pick = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { startupMs: startup ? Number(startup[2]) : NaN, pages: startup ? Number(startup[1]) : NaN, count: times.length, reloads, median: pick(0.5), p95: pick(0.95), max: times.at(-1) };
}
