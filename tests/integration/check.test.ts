// bankdocs check on broken fixture sites, one mistake each: each is reported with the
// right rule, file, line and column, and nothing else is. The base site checks clean.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, FIXTURES, runCli } from '../helpers/site.js';
import { spawn } from 'node:child_process';

const BASE = join(FIXTURES, 'check', 'base');
const CASES = join(FIXTURES, 'check', 'cases');

interface Expected {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  severity: string;
}

function siteFor(caseName: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'bankdocs-check-'));
  cpSync(BASE, dir, { recursive: true });
  if (caseName) {
    const files = join(CASES, caseName, 'files');
    if (existsSync(files)) cpSync(files, dir, { recursive: true });
    const deletions = join(CASES, caseName, 'delete.txt');
    if (existsSync(deletions)) for (const rel of readFileSync(deletions, 'utf8').split('\n').filter(Boolean)) rmSync(join(dir, rel));
  }
  return dir;
}

function check(dir: string, ...args: string[]) {
  const result = runCli(['check', ...args], dir);
  return { ...result, json: args.includes('json') ? (JSON.parse(result.stdout) as { diagnostics: (Expected & { message: string; hint?: string })[] }) : null };
}

describe('bankdocs check', () => {
  it('passes the base fixture with no diagnostic and exit 0', () => {
    const dir = siteFor(null);
    const result = check(dir, '--format', 'json');
    expect(result.json!.diagnostics).toEqual([]);
    expect(result.status).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const name of readdirSync(CASES).sort()) {
    it(`reports exactly the mistake of "${name}"`, () => {
      const dir = siteFor(name);
      const expected = JSON.parse(readFileSync(join(CASES, name, 'expected.json'), 'utf8')) as Expected[];
      const result = check(dir, '--format', 'json');
      const got = result.json!.diagnostics.map(({ file, line, column, ruleId, severity }) => ({ file, line, column, ruleId, severity }));
      expect(got).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      for (const d of result.json!.diagnostics) {
        expect(d.message.length, d.ruleId).toBeGreaterThan(10);
        expect(d.hint, d.ruleId).toBeTruthy();
      }
      expect(result.status).toBe(expected.some((d) => d.severity === 'error') ? 1 : 0);
      rmSync(dir, { recursive: true, force: true });
    });
  }

  it('quotes a link to a route that redirects as it is written, though the page links where it lands', () => {
    const dir = siteFor('wrong-anchor-on-redirected-route');
    const [diagnostic] = check(dir, '--format', 'json').json!.diagnostics;
    expect(diagnostic!.message).toBe('"/1/api/curl#create-payments": no heading or element with id "create-payments" on /1/api/curl (the link is written "/api#create-payments", which leads there)');
    rmSync(dir, { recursive: true, force: true });
  });

  it('names where an operation shown in two sections is shown first', () => {
    const dir = siteFor('operation-shown-twice');
    const [diagnostic] = check(dir, '--format', 'json').json!.diagnostics;
    expect(diagnostic!.message).toBe("the operation listAccounts is shown already, on line 7 of api/03-accounts.md: this one's heading and fields get numbered ids (#list-accounts-1), and links to #list-accounts lead to the first");
    rmSync(dir, { recursive: true, force: true });
  });

  it('quotes a link to a Markdown file as it is written, beside the URL it is built to', () => {
    const dir = siteFor('missing-anchor-on-another-page');
    const [diagnostic] = check(dir, '--format', 'json').json!.diagnostics;
    expect(diagnostic!.message).toBe('"/developers/guide#first-step": no heading or element with id "first-step" on /developers/guide (the link is written "guide.md#first-step", which leads there)');
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells a link to a file the site lacks as no file, with the nearest file it has', () => {
    const dir = siteFor(null);
    const guide = join(dir, 'content', 'developers', 'guide.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n![Logo](/assets/logo.png)\n`);
    const [diagnostic] = check(dir, '--format', 'json').json!.diagnostics;
    expect([diagnostic!.message, diagnostic!.hint]).toEqual(['"/assets/logo.png" points to /assets/logo.png, which is no file of the site', 'did you mean "/assets/logo.svg"?']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints file:line:col, severity, message and rule id, then a count', () => {
    const dir = siteFor('usd-payment');
    const result = check(dir);
    expect(result.stderr).toContain('content/api/04-payments.md:17:9  error  /data/attributes/currency must be one of "EUR"  [example-body-invalid]');
    expect(result.stderr).toContain('Checked 11 pages: 2 errors, 0 warnings.');
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes GitHub annotations with --format github', () => {
    const dir = siteFor('missing-anchor-on-another-page');
    const result = check(dir, '--format', 'github');
    expect(result.stdout.trim()).toMatch(/^::error file=content\/developers\/index\.md,line=8,col=10,title=missing-anchor::"\/developers\/guide#first-step": no heading/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails on warnings only past --max-warnings', () => {
    const dir = siteFor('missing-translation');
    expect(check(dir).status).toBe(0);
    const over = check(dir, '--max-warnings', '0');
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('bankdocs check: 1 warning, more than --max-warnings 0 allows');
    expect(check(dir, '--max-warnings', '1').status).toBe(0);
    // A limit that is no number is a usage error, not no limit.
    const wrong = check(dir, '--max-warnings', 'abc');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/use a whole number of warnings/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports warnings as errors and fails with --strict', () => {
    const dir = siteFor('missing-translation');
    const result = check(dir, '--strict', '--format', 'json');
    expect(result.status).toBe(1);
    expect(result.json!.diagnostics.length).toBeGreaterThan(0);
    expect(result.json!.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('names files in hints and messages from the working folder, as the file column, with the site elsewhere (--config; they were from the site\'s folder)', () => {
    const dir = siteFor(null);
    rmSync(join(dir, 'content', 'nl', 'support.md'));
    const section = join(dir, 'content', 'api', '03-accounts.md');
    writeFileSync(section, readFileSync(section, 'utf8').replace(':::operation{id="listAccounts"}', ':::operation{id="listAccount"}'));
    const parent = join(dir, '..');
    const site = dir.slice(parent.length + 1);
    const result = runCli(['check', '--config', `${site}/docs.config.yaml`, '--format', 'json'], parent);
    const found = (JSON.parse(result.stdout) as { diagnostics: (Expected & { message: string; hint?: string })[] }).diagnostics;
    expect(found.find((d) => d.ruleId === 'translation-missing')).toMatchObject({ file: `${site}/content/en/support.md`, hint: `add ${site}/content/nl/support.md` });
    expect(found.find((d) => d.ruleId === 'api-directive-invalid')).toMatchObject({ file: `${site}/content/api/03-accounts.md`, message: `no operation "listAccount" in ${site}/content/api/openapi.yaml` });
    expect(found.find((d) => d.ruleId === 'example-missing')!.hint).toContain(`to an API reference section (${site}/content/api/{position:number}-{slug}.md)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports every front matter error at once, not one per run', () => {
    const dir = siteFor(null);
    for (const file of ['content/en/support.md', 'content/nl/support.md']) {
      const path = join(dir, file);
      writeFileSync(path, readFileSync(path, 'utf8').replace('title:', 'titel:'));
    }
    const result = check(dir, '--format', 'json');
    expect(result.json!.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([
      'content/en/support.md:2 front-matter-unknown-key',
      'content/nl/support.md:2 front-matter-unknown-key',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('bankdocs check --external', () => {
  let server: ReturnType<typeof createServer>;
  let origin: string;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 3000);
      res.writeHead(req.url === '/ok' ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  // Answers from public hosts (200, 404, redirects) are covered with a fake resolver in
  // tests/unit/check/check-external.test.ts: a test may not reach off this machine.
  it('lists external links without fetching them, and with --external never requests a loopback address', async () => {
    const dir = siteFor(null);
    const guide = join(dir, 'content', 'developers', 'guide.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n[ok](${origin}/ok) [gone](${origin}/gone)\n`);
    const lines = readFileSync(guide, 'utf8').split('\n').length - 1;
    const quiet = check(dir, '--format', 'json');
    expect(quiet.json!.diagnostics).toEqual([]);
    expect(quiet.status).toBe(0);
    // The CLI must run asynchronously here: the local server answers on this event loop.
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'check', '--external', '--format', 'json'], { cwd: dir });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    const diagnostics = (JSON.parse(run.stdout) as { diagnostics: Expected[] }).diagnostics;
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}`)).toEqual([
      `content/developers/guide.md:${lines}:1 warning external-link-private`,
      `content/developers/guide.md:${lines}:${`[ok](${origin}/ok) `.length + 1} warning external-link-private`,
    ]);
    expect(received).toEqual([]);
    expect(run.code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});
