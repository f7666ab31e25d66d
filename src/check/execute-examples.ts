// `bankdocs check --execute`: every request example of the site, run for real against
// the mock API (src/mock/), started in this process on a free port of 127.0.0.1. curl
// examples run with the real curl (an argument list, never a shell; see curl-command.ts),
// Ruby examples with ruby and a stand-in client generated from ruby-client.yaml. An
// example fails when the mock refuses one of its requests, or when it exits with an
// error; it is reported at its place as example-execution-failed, with the mock's status
// and error. Examples run a few at a time; each has a time limit.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ApiModel } from '../api/openapi.js';
import type { Page } from '../content/site.js';
import type { Diagnostic } from '../diagnostics.js';
import type { MarkdownEngine } from '../markdown/engines.js';
import { documentedResponses } from '../mock/documented-responses.js';
import { EXAMPLE_HEADER, startMockServer, type MockExchange } from '../mock/server.js';
import { curlRunPlans, readCurlOutput } from './curl-command.js';
import { loadCurlParser } from './curl-parser.js';
import { requestExamples, type RequestExample } from './example-blocks.js';
import type { RubyClient } from './ruby-client.js';
import { rubyStubClient } from './ruby-stub-client.js';
import { placeInExample } from './source-position.js';

export interface ExecuteInput {
  api: ApiModel;
  pages: readonly Page[];
  engine?: MarkdownEngine;
  /** The declared Ruby client (ruby-client.yaml); without it, Ruby examples are not run. */
  rubyClient: RubyClient | null;
  /** Headers every request must send (api.requestHeaders); default: Accept: application/json. */
  requestHeaders?: Readonly<Record<string, string>>;
  /** Programs to run; null when not installed (tests pass their own). Default: found on PATH. */
  curl?: string | null;
  ruby?: string | null;
  /** Examples run at the same time. */
  concurrency?: number;
  /** Time limit of one example. */
  timeoutMs?: number;
}

export interface ExecuteResult {
  diagnostics: Diagnostic[];
  /** Lines for the terminal: what was not run, and why. */
  notices: string[];
  ran: { curl: number; ruby: number };
}

/** The value every $VARIABLE of an example gets: a test value, never a real credential. */
export function testValue(name: string): string {
  return `test-${name.toLowerCase().replace(/_/g, '-')}`;
}

/** "moorlink", "moorlink/client": what `require` takes for a library, and a safe relative file name. */
const REQUIRE_RE = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\/[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;

const REFUSED_HINT = 'fix the request so the documented API accepts it; `bankdocs mock` serves the same API to try it by hand';
const FAILED_HINT = 'fix the example so it runs as written: it ran against `bankdocs mock`, which answers each operation with its documented response';

export async function executeExamples(input: ExecuteInput): Promise<ExecuteResult> {
  const { api } = input;
  const namespace = input.rubyClient?.client.class.split('::').slice(0, -1).join('::') || null;
  const examples = requestExamples(input.pages, api, { ...(input.engine ? { engine: input.engine } : {}), rubyNamespace: namespace });
  const curl = input.curl !== undefined ? input.curl : (await installed('curl', ['--version'])) ? 'curl' : null;
  const ruby = input.ruby !== undefined ? input.ruby : (await installed('ruby', ['--version'])) ? 'ruby' : null;
  const notices: string[] = [];
  const count = (lang: string) => examples.filter((e) => e.lang === lang).length;
  // The stand-in client is written as <require>.rb: a name, never a path out of the work folder.
  const requireName = input.rubyClient?.require ?? '';
  const clientUsable = input.rubyClient !== null && REQUIRE_RE.test(requireName) && /^[A-Z]\w*(::[A-Z]\w*)*$/.test(input.rubyClient.client.class);
  const runnable = examples.filter((e) => (e.lang === 'curl' ? curl !== null : ruby !== null && clientUsable));
  if (!curl && count('curl')) notices.push(`curl is not installed: ${count('curl')} curl examples were not run (install curl to run them).`);
  if (count('ruby') && !input.rubyClient) notices.push(`there is no Ruby client surface (ruby-client.yaml): ${count('ruby')} Ruby examples were not run.`);
  else if (count('ruby') && !clientUsable) notices.push(`the Ruby client's require name "${requireName}" or class "${input.rubyClient!.client.class}" is not a plain Ruby name: ${count('ruby')} Ruby examples were not run.`);
  else if (!ruby && count('ruby')) notices.push(`ruby is not installed: ${count('ruby')} Ruby examples were not run (install ruby to run them).`);
  if (!runnable.length) return { diagnostics: [], notices, ran: { curl: 0, ruby: 0 } };

  // What the mock answered, per example (each request carries the example's number).
  const exchanges = new Map<string, MockExchange[]>();
  const mock = await startMockServer({
    api,
    responses: documentedResponses(api, input.pages, input.engine),
    ...(input.requestHeaders ? { requestHeaders: input.requestHeaders } : {}),
    host: '127.0.0.1',
    port: 0,
    onExchange: (exchange) => {
      if (exchange.example === undefined) return;
      exchanges.set(exchange.example, [...(exchanges.get(exchange.example) ?? []), exchange]);
    },
  });
  // A folder that cannot be made (TMPDIR missing, a read-only /tmp) must not leave the mock
  // listening: the run would never end.
  const work = await mkdtemp(join(tmpdir(), 'bankdocs-execute-')).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  const timeoutMs = input.timeoutMs ?? 10_000;
  const diagnostics: Diagnostic[] = [];
  try {
    let rubyReady: Promise<void> | null = null;
    const prepareRuby = () =>
      (rubyReady ??= (async () => {
        const file = join(work, 'lib', `${input.rubyClient!.require}.rb`);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, rubyStubClient(input.rubyClient!, api));
      })());
    const run = async (entry: RequestExample, index: number): Promise<void> => {
      const id = String(index + 1);
      const outcome = entry.lang === 'curl' ? await runCurl(entry, { curl: curl!, api, mockUrl: mock.url, id, timeoutMs }) : await (async () => {
        await prepareRuby();
        return runRuby(entry, { ruby: ruby!, require: input.rubyClient!.require, work, mockUrl: mock.url, id, timeoutMs });
      })();
      const refused = (exchanges.get(id) ?? []).find((e) => e.answer.status >= 400);
      // curl: at the command; Ruby: at the line the exception came from, if it says.
      const offset = entry.lang === 'curl' ? Math.max(0, entry.example.value.search(/\bcurl\b/)) : offsetOfLine(entry.example.value, outcome.line ?? 1);
      const report = (message: string, hint: string) => diagnostics.push({ ruleId: 'example-execution-failed', severity: 'error', message, hint, ...placeInExample(entry.example, offset) });
      if (outcome.refusal) {
        report(`this example was not run: ${outcome.refusal.reason}`, outcome.refusal.hint);
      } else if (refused) {
        const detail = refused.answer.errors.map((e) => `${e.code}: ${e.detail}`).join('; ') || 'no detail';
        report(`the mock API answered ${refused.answer.status} to ${refused.method} ${refused.url.split('?')[0]}: ${detail}`, REFUSED_HINT);
      } else if (outcome.failure) {
        report(`the ${entry.lang === 'curl' ? 'curl' : 'Ruby'} example failed against the mock API: ${outcome.failure}`, FAILED_HINT);
      }
    };
    await inPool(runnable, input.concurrency ?? Math.max(4, Math.min(8, availableParallelism() * 2)), run);
  } finally {
    await mock.close();
    await rm(work, { recursive: true, force: true });
  }
  const ran = { curl: runnable.filter((e) => e.lang === 'curl').length, ruby: runnable.filter((e) => e.lang === 'ruby').length };
  return { diagnostics, notices, ran };
}

interface Outcome {
  /** Not run: the example could reach beyond the mock, or cannot be read. */
  refusal?: { reason: string; hint: string };
  /** Ran and failed without the mock refusing a request (exit status, a connection error). */
  failure?: string;
  /** The line of the example the failure came from (Ruby's backtrace), 1-based. */
  line?: number;
}

async function runCurl(entry: RequestExample, options: { curl: string; api: ApiModel; mockUrl: string; id: string; timeoutMs: number }): Promise<Outcome> {
  await loadCurlParser();
  const plans = curlRunPlans(entry.example.value, {
    servers: options.api.servers,
    mockUrl: options.mockUrl,
    variable: testValue,
    headers: [`${EXAMPLE_HEADER}: ${options.id}`],
    timeoutSeconds: Math.max(1, Math.floor(options.timeoutMs / 1000) - 1),
  }, entry.example.lang);
  if (!Array.isArray(plans)) return { refusal: plans };
  // Each command of the block, in order, as a reader would run them.
  for (const plan of plans) {
    const result = await runProgram(options.curl, plan.args, { env: cleanEnv({}), timeoutMs: options.timeoutMs });
    if (result.error) return { failure: result.error };
    const output = readCurlOutput(result.stdout);
    if (result.code !== 0 || !output) return { failure: lastLine(result.stderr) || `curl exited with status ${result.code}` };
    if (output.status >= 400) return { failure: `answered ${output.status}: ${output.body.slice(0, 300)}` };
  }
  return {};
}

async function runRuby(entry: RequestExample, options: { ruby: string; require: string; work: string; mockUrl: string; id: string; timeoutMs: number }): Promise<Outcome> {
  const file = join(options.work, `example-${options.id}.rb`);
  await writeFile(file, entry.example.value);
  // ENV.fetch("MOORLINK_ACCESS_TOKEN") and ENV["…"]: every variable the example reads gets a test value.
  const variables = Object.fromEntries([...entry.example.value.matchAll(/ENV(?:\.fetch\(\s*|\[\s*)["']([A-Za-z_][A-Za-z0-9_]*)["']/g)].map((m) => [m[1]!, testValue(m[1]!)]));
  const result = await runProgram(options.ruby, ['--disable-gems', '-I', join(options.work, 'lib'), '-r', options.require, file], {
    env: cleanEnv({ ...variables, BANKDOCS_MOCK_URL: options.mockUrl, BANKDOCS_EXAMPLE: options.id }),
    timeoutMs: options.timeoutMs,
    cwd: options.work,
  });
  const line = new RegExp(`example-${options.id}\\.rb:(\\d+)`).exec(result.stderr)?.[1];
  const at = line ? { line: Number(line) } : {};
  if (result.error) return { failure: result.error, ...at };
  if (result.code !== 0) return { failure: rubyError(result.stderr) || `ruby exited with status ${result.code}`, ...at };
  return at;
}

/** Only what the programs need: no proxy settings, no credentials from the environment. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: tmpdir(), ...extra };
}

interface ProgramResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The program could not start, or ran out of time. */
  error?: string;
}

function runProgram(command: string, args: string[], options: { env: NodeJS.ProcessEnv; timeoutMs: number; cwd?: string }): Promise<ProgramResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd ?? tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, error: `${command} could not be started (${(error as NodeJS.ErrnoException).code ?? error.message})` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ...(timedOut ? { error: `it did not finish within ${options.timeoutMs / 1000} s` } : {}) });
    });
  });
}

function installed(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', env: cleanEnv({}) });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.trim() ?? '';
}

/** The exception of a Ruby run, without where it was raised: "undefined method `x' for #<payment …> (NoMethodError)". */
function rubyError(stderr: string): string {
  const first = stderr.split('\n').find((l) => l.trim()) ?? '';
  return first.replace(/^.*?:\d+:in [`'][^']*': /, '').trim().slice(0, 400);
}

function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return offset;
}

async function inPool<T>(items: readonly T[], size: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
