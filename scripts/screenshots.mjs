#!/usr/bin/env node
// Screenshots of the main page types of the bundled site, light and dark, for the README
// (issue #19): builds the site into a temporary folder, serves it with `bankdocs
// preview`, and takes 1280 x 800 shots with the system Chromium (playwright-core).
//
//   node scripts/screenshots.mjs [--out docs/screenshots]
//
// Needs a compiled CLI (`npm run compile`) and Chromium at /usr/bin/chromium (or
// CHROMIUM_PATH). The consent bar is answered first, so it is not in the pictures.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'bankdocs.js');
const outArg = process.argv.indexOf('--out');
const out = resolve(root, outArg > 0 ? process.argv[outArg + 1] : 'docs/screenshots');
const VIEWPORT = { width: 1280, height: 800 };

/** name, path, and the element to scroll to the top first (an operation of the reference). */
const SHOTS = [
  ['home', '/en', null],
  ['guide', '/developers/custom-integrations', null],
  ['api-reference', '/1/api/curl', '#create-payment'],
  ['help-faq', '/en/general/linking/faq', null],
  ['not-found', '/no/such/page', null],
];

function startPreview(dir) {
  const child = spawn(process.execPath, [cli, 'preview', '--dir', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((done, fail) => {
    let output = '';
    const read = (chunk) => {
      output += chunk;
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) done({ url: match[1], stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => fail(new Error(`preview exited with ${code}: ${output}`)));
  });
}

const work = mkdtempSync(join(tmpdir(), 'bankdocs-screenshots-'));
const dist = join(work, 'dist');
const build = spawnSync(process.execPath, [cli, 'build', '--config', join(root, 'docs.config.yaml'), '--out', dist, '--quiet'], { encoding: 'utf8' });
if (build.status !== 0) {
  console.error(build.stderr || build.stdout);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}
const server = await startPreview(dist);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  mkdirSync(out, { recursive: true });
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: scheme, deviceScaleFactor: 1 });
    // Only this preview: nothing else is fetched (monitoring goes to the same origin).
    await context.route((url) => url.origin !== server.url, (route) => route.abort());
    await context.addInitScript(() => localStorage.setItem('bankdocs:consent', JSON.stringify({ functional: false, analytics: false, at: 1 })));
    const page = await context.newPage();
    for (const [name, path, target] of SHOTS) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('load');
      if (target) {
        await page.locator(target).evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant' }));
      }
      // Lazy images and the scroll-spy settle.
      await page.waitForTimeout(400);
      const file = join(out, `${name}-${scheme}.png`);
      await page.screenshot({ path: file, clip: { x: 0, y: 0, ...VIEWPORT } });
      console.log(relative(process.cwd(), file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
  rmSync(work, { recursive: true, force: true });
}
