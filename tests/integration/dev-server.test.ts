// The dev server's safety and stamina: nothing outside the site is ever served (also
// through symlinks added while it runs), hostile requests get clean errors, and 10,000
// requests on loopback leave it healthy.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safePath } from '../../src/dev/server.js';
import { startDev, type DevProcess } from '../helpers/dev.js';
import { spawnServer } from '../helpers/preview.js';
import { rawGet } from '../helpers/http.js';
import { CLI, copySite, removeSite } from '../helpers/site.js';
import { spawnSync } from 'node:child_process';

let site: string;
let dev: DevProcess;
let port: number;

beforeAll(async () => {
  site = copySite('basic-site');
  symlinkSync('/etc/hostname', join(site, 'content', 'assets', 'hostname.svg'));
  symlinkSync('/etc', join(site, 'content', 'developers', 'etc'));
  dev = await startDev(site);
  port = Number(new URL(dev.url).port);
});
afterAll(async () => {
  await dev?.stop();
  removeSite(site);
});

const get = (path: string, headers: Record<string, string> = {}, agent?: Agent) => rawGet({ port, path, headers, ...(agent ? { agent } : {}) });

describe('the dev server', () => {
  it('serves pages, stubs and 404 like the static output', async () => {
    expect((await get('/en')).status).toBe(200);
    expect((await get('/developers/getting-started/')).status).toBe(200);
    expect((await get('/support')).body).toContain('Redirecting to /en/support');
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });

  it('never serves a path outside the site', async () => {
    const secret = readFileSync('/etc/hostname', 'utf8').trim();
    for (const path of ['/../../../etc/hostname', '/%2e%2e/%2e%2e/etc/hostname', '/..%2f..%2fetc%2fhostname', '/assets/..%5c..%5cetc/hostname', '/%00', '/assets/hostname.svg', '/developers/etc/hostname', '//etc/hostname']) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
      if (secret) expect(response.body, path).not.toContain(secret);
    }
  });

  it('rejects hostile requests cleanly', async () => {
    const foreign = await get('/en', { host: 'attacker.example' });
    expect([foreign.status, foreign.headers['x-content-type-options']]).toEqual([403, 'nosniff']);
    expect(foreign.body).toContain('bankdocs dev does not answer to "attacker.example"');
    expect(foreign.body).toContain('--host <name>');
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(414);
    expect((await get('/en', { 'x-big': 'b'.repeat(20_000) })).status).toBe(431);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await rawGet({ port, path: '/en', method: 'POST' })).status).toBe(405);
    expect((await get('/en')).status).toBe(200);
  });

  it('answers 10,000 requests with bounded concurrency, with no error and stable memory', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const paths = ['/en', '/nl/support', '/developers/getting-started', '/1/api/curl', '/assets/logo.svg', '/no/such/page', '/api'];
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${dev.pid}/status`, 'utf8'))![1]) / 1024;
    const run = async (count: number) => {
      const statuses = new Map<number, number>();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < count) {
            const path = paths[next++ % paths.length]!;
            const { status } = await get(path, {}, agent);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      return statuses;
    };
    await run(1000);
    const before = rss();
    const statuses = await run(10_000);
    const after = rss();
    agent.destroy();
    expect([...statuses.keys()].sort()).toEqual([200, 404]);
    expect(statuses.get(404)).toBe(Math.floor(10_000 / paths.length) + (10_000 % paths.length > 5 ? 1 : 0));
    expect(after - before).toBeLessThan(40);
    expect((await get('/en')).status).toBe(200);
  });
});

describe('the dev server, while files change', () => {
  const SECRET = 'dev-secret-outside-content';
  const notFound = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(404);
    expect(response.body, path).toContain('Page Not Found');
    expect(response.body, path).not.toContain(SECRET);
    expect(response.body, path).not.toContain(site);
  };
  // Each change names its file on the terminal once the session has applied it.
  const applied = (name: string) => expect.poll(() => dev.output(), { timeout: 30_000 }).toContain(name);

  it('never serves a symlink added under content/: to a file, a folder or a page outside', async () => {
    writeFileSync(join(site, 'secret.txt'), SECRET);
    writeFileSync(join(site, 'secret.md'), `---\ntitle: Leak\ndescription: ${SECRET}\n---\n\n${SECRET}\n`);
    mkdirSync(join(site, 'outside'));
    writeFileSync(join(site, 'outside', 'secret.txt'), SECRET);
    symlinkSync(join(site, 'secret.txt'), join(site, 'content', 'assets', 'leak.txt'));
    symlinkSync(join(site, 'secret.md'), join(site, 'content', 'developers', 'leak.md'));
    symlinkSync(join(site, 'outside'), join(site, 'content', 'developers', 'outside'));
    await applied('leak.txt');
    await applied('leak.md');
    await applied(join('developers', 'outside'));
    for (const path of ['/assets/leak.txt', '/developers/leak', '/developers/outside/secret.txt']) await notFound(path);
    // Reported like a link found at start-up, with the overlay's file:line:col.
    expect(dev.output()).toContain('content/assets/leak.txt:1:1  error  assets/leak.txt is a symbolic link; bankdocs does not follow links under the content folder  [content-symlink]');
    expect(dev.output()).toContain('content/developers/leak.md:1:1  error  developers/leak.md is a symbolic link');
  });

  it('never publishes an OpenAPI document read through a symlink', async () => {
    writeFileSync(join(site, 'secret-openapi.yaml'), `openapi: 3.1.0\ninfo: { title: ${SECRET}, version: "1" }\npaths: {}\n`);
    symlinkSync(join(site, 'secret-openapi.yaml'), join(site, 'content', 'api', 'openapi.yaml'));
    await applied('openapi.yaml');
    await notFound('/openapi.yaml');
    await notFound('/openapi.json');
    expect((await get('/1/api/curl')).body).not.toContain(SECRET);
  });

  it('stops serving a content file replaced by a symlink to a file outside', async () => {
    expect((await get('/developers/payments/flow.svg')).status).toBe(200);
    writeFileSync(join(site, 'secret.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><text>${SECRET}</text></svg>`);
    rmSync(join(site, 'content', 'developers', 'payments', 'flow.svg'));
    symlinkSync(join(site, 'secret.svg'), join(site, 'content', 'developers', 'payments', 'flow.svg'));
    await applied('flow.svg');
    await notFound('/developers/payments/flow.svg');
  });

  it('answers a content file deleted while it runs with the 404 page, never a 500 with its path', async () => {
    writeFileSync(join(site, 'content', 'assets', 'extra.txt'), 'extra');
    await expect.poll(async () => (await get('/assets/extra.txt')).status, { timeout: 30_000 }).toBe(200);
    unlinkSync(join(site, 'content', 'assets', 'extra.txt'));
    await expect.poll(async () => (await get('/assets/extra.txt')).status, { timeout: 30_000 }).not.toBe(200);
    await notFound('/assets/extra.txt');
    expect((await get('/en')).status).toBe(200);
  });

  it('keeps serving a page whose file can no longer be read (chmod 000), as its last good version', async () => {
    const file = join(site, 'content', 'developers', 'getting-started.md');
    expect((await get('/developers/getting-started')).status).toBe(200);
    const before = dev.output().length;
    chmodSync(file, 0o000);
    try {
      // chokidar says a file it may not read is gone; the page stays (read again by root, or the last good version).
      await expect.poll(() => dev.output().slice(before), { timeout: 30_000 }).toMatch(/getting-started\.md/);
      expect((await get('/developers/getting-started')).status).toBe(200);
    } finally {
      chmodSync(file, 0o644);
    }
  });

  it('stops serving a renamed page and its Markdown twin at their old address', async () => {
    const from = join(site, 'content', 'developers', 'getting-started.md');
    expect((await get('/developers/getting-started.md')).status).toBe(200);
    renameSync(from, join(site, 'content', 'developers', 'first-steps.md'));
    await expect.poll(async () => (await get('/developers/first-steps')).status, { timeout: 30_000 }).toBe(200);
    expect((await get('/developers/first-steps.md')).status).toBe(200);
    // The rename may come as two changes: the new file, then the old one gone.
    await expect.poll(async () => (await get('/developers/getting-started')).status, { timeout: 30_000 }).toBe(404);
    await notFound('/developers/getting-started');
    await notFound('/developers/getting-started.md');
  });
});

/** The problems the dev server reports to a page that connects (its live-reload hello). */
async function problems(): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${port}/__bankdocs/events`);
  const reader = response.body!.getReader();
  let text = '';
  while (!/event: hello\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  return (JSON.parse(/event: hello\ndata: (.*)/.exec(text)![1]!) as { problems: { file: string; ruleId: string }[] }).problems.map((p) => `${p.file} ${p.ruleId}`);
}

describe('what other pages show of a page', () => {
  it('follows an edit of its description, order or title (home cards, sidebars), not only on its neighbours', async () => {
    // The guide the home page's card shows (renamed by a test above).
    const page = ['getting-started.md', 'first-steps.md'].map((name) => join(site, 'content', 'developers', name)).find((path) => existsSync(path))!;
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, text.replace('description: "The first steps."', 'description: "The very first steps."'));
    try {
      await expect.poll(async () => (await get('/en')).body, { timeout: 30_000 }).toContain('The very first steps.');
    } finally {
      writeFileSync(page, text);
    }
  });
});

describe('a static file', () => {
  const svg = (width: number, height: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#0b5fff"/></svg>\n`;

  it('replaced, gives the pages that show it its new size', async () => {
    const image = join(site, 'content', 'developers', 'sized.svg');
    writeFileSync(image, svg(64, 64));
    writeFileSync(join(site, 'content', 'developers', 'sized.md'), '---\ntitle: Sized\ndescription: A sized picture.\n---\n\n![Sized](sized.svg)\n');
    await expect.poll(async () => (await get('/developers/sized')).body, { timeout: 30_000 }).toContain('src="/developers/sized.svg" width="64" height="64"');
    writeFileSync(image, svg(200, 100));
    await expect.poll(async () => (await get('/developers/sized')).body, { timeout: 30_000 }).toContain('src="/developers/sized.svg" width="200" height="100"');
  });

  it('added, mends the page that was missing it', async () => {
    const page = join(site, 'content', 'developers', 'picture.md');
    writeFileSync(page, '---\ntitle: Picture\ndescription: A picture.\n---\n\n![New](picture.svg)\n');
    const picture = async () => (await problems()).filter((p) => p.includes('picture'));
    await expect.poll(picture, { timeout: 30_000 }).toEqual(['content/developers/picture.md broken-link']);
    writeFileSync(join(site, 'content', 'developers', 'picture.svg'), svg(10, 10));
    await expect.poll(picture, { timeout: 30_000 }).toEqual([]);
    expect((await get('/developers/picture')).body).toContain('src="/developers/picture.svg"');
  });
});

describe('the terminal', () => {
  it("says the warnings of the file just saved, an error once, and when it is fixed", async () => {
    const page = join(site, 'content', 'developers', 'noisy.md');
    const start = dev.output().length;
    const since = () => dev.output().slice(start);
    writeFileSync(page, '---\ntitle: Noisy\ndescription: A noisy page.\n---\n\nText with <div>raw</div> HTML and [a][undefined-label].\n');
    await expect.poll(since, { timeout: 30_000 }).toMatch(/content\/developers\/noisy\.md:6:\d+ +warning +raw HTML is not rendered/);
    expect(since()).toMatch(/content\/developers\/noisy\.md:6:\d+ +warning .*\[link-reference-undefined\]/);
    writeFileSync(page, '---\ntitle: Noisy\ndescription: A noisy page.\n---\n\nSee [b](nope.md).\n');
    await expect.poll(since, { timeout: 30_000 }).toContain('broken-link');
    // Saved again with the same mistake: not printed again.
    const updates = () => since().split('noisy.md: ').length;
    const before = updates();
    writeFileSync(page, '---\ntitle: Noisy\ndescription: A noisy page.\n---\n\nSee [b](nope.md).\n\nMore.\n');
    await expect.poll(updates, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(since().match(/\[broken-link\]/g)).toHaveLength(1);
    // Two mistakes, one fixed: the one left is named, not only counted.
    writeFileSync(page, '---\ntitle: Noisy\ndescription: A noisy page.\n---\n\nSee [b](nope.md) and [c](gone.md).\n');
    await expect.poll(() => since().match(/\[broken-link\]/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
    writeFileSync(page, '---\ntitle: Noisy\ndescription: A noisy page.\n---\n\nSee [b](nope.md) and c.\n');
    await expect.poll(since, { timeout: 30_000 }).toMatch(/1 error fixed; \d+ left: content\/developers\/noisy\.md:6:5[,( ]/);
    writeFileSync(page, '---\ntitle: Noisy\ndescription: A noisy page.\n---\n\nQuiet now.\n');
    await expect.poll(() => since().match(/1 error fixed/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
    unlinkSync(page);
  });

  it('prints the errors of a file by place, as check does', async () => {
    const page = join(site, 'content', 'developers', 'unsorted.md');
    const start = dev.output().length;
    const since = () => dev.output().slice(start);
    // Found in another order: the bad order first, then the unknown key above it.
    writeFileSync(page, '---\ntitle: Unsorted\nsumary: Oops.\ndescription: Two mistakes.\norder: two\n---\n\nText.\n');
    await expect.poll(since, { timeout: 30_000 }).toContain('[front-matter-unknown-key]');
    const places = since().split('\n').flatMap((line) => /unsorted\.md:(\d+:\d+) +error/.exec(line)?.[1] ?? []);
    expect(places).toEqual(['3:1', '5:8']);
    unlinkSync(page);
  });

  it('says which links of other pages an edit broke, and when they are mended', async () => {
    const faq = join(site, 'content', 'en', 'general', 'understanding', 'faq.md');
    const original = readFileSync(faq, 'utf8');
    const start = dev.output().length;
    const since = () => dev.output().slice(start);
    // understanding/index.md links to "faq.md#what-is-a-scope": rewording the question breaks it.
    writeFileSync(faq, original.replace('## What is a scope?', '## What are scopes?'));
    await expect.poll(since, { timeout: 30_000 }).toMatch(/content\/en\/general\/understanding\/index\.md:9:9 +warning +.*no heading or element with id "what-is-a-scope" on \/en\/general\/understanding\/faq \(the link is written "faq\.md#what-is-a-scope", which leads there\) +\[missing-anchor\]/);
    expect(since()).toContain('did you mean "what-are-scopes"?');
    writeFileSync(faq, original);
    await expect.poll(since, { timeout: 30_000 }).toMatch(/1 link problem mended/);
    expect(since().match(/\[missing-anchor\]/g)).toHaveLength(1);
  });
});

describe('the errors of a page', () => {
  it('go with the page when it is deleted or renamed', async () => {
    const page = join(site, 'content', 'developers', 'scratch.md');
    writeFileSync(page, '---\ntitle: Scratch\ndescription: A scratch page.\n---\n\nSee [b](nope.md).\n');
    // The site has problems of its own (the symlinks above): only the scratch page's count here.
    const scratch = async () => (await problems()).filter((p) => p.includes('scratch'));
    await expect.poll(scratch, { timeout: 30_000 }).toEqual(['content/developers/scratch.md broken-link']);
    renameSync(page, join(site, 'content', 'developers', 'scratch-2.md'));
    await expect.poll(scratch, { timeout: 30_000 }).toEqual(['content/developers/scratch-2.md broken-link']);
    unlinkSync(join(site, 'content', 'developers', 'scratch-2.md'));
    await expect.poll(scratch, { timeout: 30_000 }).toEqual([]);
  });

  it('are its own: a new page with a front matter mistake is still a page, so links to it are not broken as well', async () => {
    const broken = join(site, 'content', 'developers', 'refunds.md');
    const linking = join(site, 'content', 'developers', 'refund-links.md');
    const mine = async () => (await problems()).filter((p) => p.includes('refund'));
    writeFileSync(broken, '---\ntitle: Refunds\ndescripton: A typo.\n---\n\nText.\n');
    await expect.poll(mine, { timeout: 30_000 }).toContain('content/developers/refunds.md front-matter-unknown-key');
    writeFileSync(linking, '---\ntitle: Refund links\ndescription: Links to refunds.\n---\n\nSee [refunds](refunds.md).\n');
    await expect.poll(async () => (await get('/developers/refund-links')).status, { timeout: 30_000 }).toBe(200);
    expect(await mine()).toEqual(['content/developers/refunds.md front-matter-unknown-key']);
    unlinkSync(linking);
    unlinkSync(broken);
    await expect.poll(mine, { timeout: 30_000 }).toEqual([]);
  });

  it('include a page added at the URL of another, until one of them goes', async () => {
    // developers/payments.md and developers/payments/index.md are both /developers/payments.
    const folder = join(site, 'content', 'developers', 'payments');
    const twin = join(site, 'content', 'developers', 'payments.md');
    writeFileSync(join(folder, 'index.md'), '---\ntitle: Payments\ndescription: All about payments.\n---\n\nText.\n');
    await expect.poll(async () => (await get('/developers/payments')).status, { timeout: 30_000 }).toBe(200);
    writeFileSync(twin, '---\ntitle: Payments again\ndescription: The same URL.\n---\n\nText.\n');
    const collisions = async () => (await problems()).filter((p) => p.includes('page-url-collision'));
    await expect.poll(collisions, { timeout: 30_000 }).toHaveLength(1);
    unlinkSync(twin);
    await expect.poll(collisions, { timeout: 30_000 }).toEqual([]);
    unlinkSync(join(folder, 'index.md'));
  });
});

describe('the dev server started with a config that does not load', () => {
  it('watches the content folder once the config is fixed', async () => {
    const site = copySite('basic-site');
    const config = join(site, 'docs.config.yaml');
    const good = readFileSync(config, 'utf8');
    writeFileSync(config, good.replace('titleTemplate: "%s | Fixturebank Docs"', 'titleTemplate: 42'));
    const dev = await startDev(site);
    try {
      const get = (path: string) => rawGet({ port: Number(new URL(dev.url).port), path });
      // Before the fix: a page that carries the live-reload script, so the overlay shows and the page comes by itself.
      const before = await get('/developers/getting-started');
      expect(before.status).toBe(404);
      expect(before.body).toContain('<script src="/__bankdocs/dev.js"');
      writeFileSync(config, good);
      await expect.poll(async () => (await get('/developers/getting-started')).status, { timeout: 30_000 }).toBe(200);
      const page = join(site, 'content', 'developers', 'getting-started.md');
      const text = readFileSync(page, 'utf8');
      // The folder is watched a moment after the fixed config is read: a writer who saves
      // again in that moment is seen, so save again until the edit shows (or 30 s pass).
      let saves = 0;
      await expect
        .poll(async () => {
          writeFileSync(page, `${text}\nA sentence written after the fix (save ${++saves}).\n`);
          return (await get('/developers/getting-started')).body;
        }, { timeout: 30_000, interval: 500 })
        .toContain('A sentence written after the fix');
    } finally {
      await dev.stop();
      removeSite(site);
    }
  });
});

describe('the dev server on a port in use', () => {
  it('says so and exits 1, leaving nothing running', () => {
    const result = spawnSync(process.execPath, [CLI, 'dev', '--port', String(port)], { cwd: site, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Port ${port} is in use; pass another with --port.`);
  });
});

describe('safePath', () => {
  it('decodes, collapses slashes, and refuses traversal', () => {
    expect(safePath('/en/support?x=1#y')).toBe('/en/support');
    expect(safePath('//assets//logo.svg')).toBe('/assets/logo.svg');
    expect(safePath('/caf%C3%A9')).toBe('/café');
    expect(safePath('/a/../b')).toBeNull();
    expect(safePath('/%2e%2e/x')).toBeNull();
    expect(safePath('/a%5cb')).toBeNull();
    expect(safePath('/%00')).toBeNull();
    expect(safePath('/%E0%A4%A')).toBeNull();
  });
});

describe('the footer\'s {year} in dev', () => {
  it('is the UTC year, or that of SOURCE_DATE_EPOCH, as in build (dev used the local year)', async () => {
    const other = copySite('basic-site');
    // 2000-12-31 23:30 UTC, when it is 2001 already in Kiritimati (UTC+14).
    const env = { SOURCE_DATE_EPOCH: '978305400', TZ: 'Pacific/Kiritimati' };
    const server = await startDev(other, env);
    try {
      const page = await rawGet({ port: Number(new URL(server.url).port), path: '/en', headers: {} });
      expect(page.body).toContain('© 2000 Fixture Labs');
      const built = spawnSync(process.execPath, [CLI, 'build', '--quiet'], { cwd: other, encoding: 'utf8', env: { ...process.env, ...env } });
      expect(built.status).toBe(0);
      expect(readFileSync(join(other, 'dist', 'en', 'index.html'), 'utf8')).toContain('© 2000 Fixture Labs');
    } finally {
      await server.stop();
      removeSite(other);
    }
  });
});

describe('dev with a config named otherwise, from another folder', () => {
  it('names the config it reads in the line of a config edit (it said docs.config.yaml)', async () => {
    const other = copySite('basic-site');
    renameSync(join(other, 'docs.config.yaml'), join(other, 'site.yaml'));
    const server = await spawnServer(['dev', '--port', '0', '-c', join(other, 'site.yaml')], join(other, '..'), /bankdocs dev: (http:\/\/127\.0\.0\.1:\d+)\//);
    try {
      const config = join(other, 'site.yaml');
      writeFileSync(config, `${readFileSync(config, 'utf8')}\n# edited\n`);
      const shown = `${other.split('/').at(-1)}/site.yaml`;
      await expect.poll(() => server.output(), { timeout: 20_000 }).toMatch(new RegExp(`${shown.replace(/[.]/g, '\\.')}.*re-rendered`));
      expect(server.output()).not.toContain('docs.config.yaml');
    } finally {
      await server.stop();
      removeSite(other);
    }
  });
});
