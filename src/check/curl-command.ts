// A curl example as the argument list of a real `curl` run against the mock API, read
// with the shell parser the static check uses (curlconverter's tokenizer, Bash's own
// grammar). Nothing goes through a shell, and nothing may leave for another host: the
// API's URL is rewritten to the mock's, and only options that shape the request are
// kept. An option that reads or writes files, names a proxy or another host, or runs a
// command is refused with the reason; options that only change curl's own output (-s,
// -i, -o, …) are dropped. bankdocs adds -q (no .curlrc), --noproxy '*', a time limit,
// http only and no redirects.
import type { Word } from 'curlconverter/dist/src/shell/Word.js';
import { curlParser } from './curl-parser.js';
import { shellSource } from './shell-words.js';
import { serverOf, serversText } from '../api/openapi.js';

/** Options that take a value and shape the request: kept. `file` marks those where a leading @ reads a file. */
const KEPT_WITH_VALUE: Record<string, { file?: boolean }> = {
  '-X': {}, '--request': {},
  '-H': { file: true }, '--header': { file: true },
  '-d': { file: true }, '--data': { file: true }, '--data-ascii': { file: true }, '--data-binary': { file: true }, '--data-raw': {}, '--data-urlencode': { file: true }, '--json': { file: true },
  '-u': {}, '--user': {},
  '-A': {}, '--user-agent': {}, '-e': {}, '--referer': {}, '--oauth2-bearer': {},
};
const KEPT_FLAGS = new Set(['-G', '--get', '-g', '--globoff', '--compressed', '-I', '--head', '-L', '--location', '-k', '--insecure', '--basic', '--http1.1', '--http1.0']);
/** Only change what curl prints, or how it retries: dropped (bankdocs sets its own). */
const DROPPED_FLAGS = new Set(['-s', '--silent', '-S', '--show-error', '-i', '--include', '-v', '--verbose', '-f', '--fail', '--fail-with-body', '-#', '--progress-bar', '-N', '--no-buffer', '--no-progress-meter', '-O', '--remote-name', '-J', '--remote-header-name', '--no-keepalive', '-n', '--netrc-optional']);
const DROPPED_WITH_VALUE = new Set(['-o', '--output', '-w', '--write-out', '-m', '--max-time', '--connect-timeout', '--retry', '--retry-delay', '--retry-max-time', '-D', '--dump-header', '--stderr', '--trace', '--trace-ascii']);
/** curl's short options that take a value, for reading bundled short options ("-sSX", "-XPOST", "-sd '…'"); the static check reads them too (check-curl.ts). */
export const SHORT_WITH_VALUE = new Set('XHduAeowmDbcFTxUEKrYyzCPQt'.split(''));

/** What curl's output ends with, so the status can be read after the body. */
export const STATUS_MARKER = '\n--bankdocs-http-status:';

export interface CurlRunPlan {
  args: string[];
}

export interface CurlRefusal {
  /** Why the example is not run; worded to follow "not run: ". */
  reason: string;
  hint: string;
}

export interface CurlCommandOptions {
  /** The API's server URLs as the OpenAPI document gives them: the only URLs an example may call. */
  servers: readonly string[];
  /** Where the mock listens, with the server's base path: "http://127.0.0.1:40123". */
  mockUrl: string;
  /** Values of the shell variables the example uses ($MOORLINK_ACCESS_TOKEN). */
  variable: (name: string) => string;
  /** Extra headers (the example's tag for the mock). */
  headers: string[];
  timeoutSeconds: number;
}

/** The first curl command of `text`, read with the curl parser (loadCurlParser() first). */
export function curlRunPlan(text: string, options: CurlCommandOptions): CurlRunPlan | CurlRefusal {
  const plans = curlRunPlans(text, options);
  return Array.isArray(plans) ? plans[0]! : plans;
}

/**
 * Every curl command of `text`, in order, each as a run (a block may show a request and
 * then another); refused as a whole if one of them is. `lang`: a console block's "$ "
 * lines are its commands.
 */
export function curlRunPlans(text: string, options: CurlCommandOptions, lang = ''): CurlRunPlan[] | CurlRefusal {
  let commands: ReturnType<ReturnType<typeof curlParser>['tokenize']>;
  try {
    commands = curlParser().tokenize(shellSource(text, lang));
  } catch (error) {
    return { reason: `the command does not parse (${(error as Error).message.split('\n')[0]})`, hint: 'write one curl command, with quotes around values that hold spaces or & ; | characters' };
  }
  const curls = commands.filter(([words]) => words[0]?.toString() === 'curl');
  if (!curls.length) return { reason: 'it holds no curl command', hint: 'start the example with curl' };
  const plans: CurlRunPlan[] = [];
  for (const command of curls) {
    const plan = planOf(command, options);
    if (!('args' in plan)) return plan;
    plans.push(plan);
  }
  return plans;
}

function planOf(command: ReturnType<ReturnType<typeof curlParser>['tokenize']>[number], options: CurlCommandOptions): CurlRunPlan | CurlRefusal {
  const [words, stdin, stdinFile] = command;
  if (stdin || stdinFile) return { reason: 'it reads its input from a file or a here-document', hint: 'put the body in -d \'…\'' };
  const values: string[] = [];
  for (const word of words.slice(1)) {
    const value = expand(word, options.variable);
    if (typeof value !== 'string') return value;
    values.push(value);
  }

  const kept: string[] = [];
  const urls: string[] = [];
  const takeValue = (name: string, value: string | undefined): CurlRefusal | null => {
    if (value === undefined) return { reason: `${name} has no value`, hint: `give ${name} its value` };
    if (DROPPED_WITH_VALUE.has(name)) return null;
    const rule = KEPT_WITH_VALUE[name];
    if (!rule) return unsupported(name);
    if (rule.file && value.startsWith('@') && name !== '--data-urlencode') return { reason: `${name} ${value} reads a file`, hint: 'write the value into the example itself' };
    if (name === '--data-urlencode' && /^[^=]*@/.test(value)) return { reason: `${name} ${value} reads a file`, hint: 'write the value into the example itself' };
    kept.push(name, value);
    return null;
  };
  for (let i = 0; i < values.length; i++) {
    const arg = values[i]!;
    if (arg === '--url') {
      if (values[i + 1] === undefined) return { reason: '--url has no value', hint: 'give --url the address' };
      urls.push(values[++i]!);
    } else if (arg.startsWith('--')) {
      if (KEPT_FLAGS.has(arg)) kept.push(arg);
      else if (DROPPED_FLAGS.has(arg)) continue;
      else if (arg in KEPT_WITH_VALUE || DROPPED_WITH_VALUE.has(arg)) {
        const refusal = takeValue(arg, values[++i]);
        if (refusal) return refusal;
      } else return unsupported(arg);
    } else if (arg.startsWith('-') && arg.length > 1) {
      // Bundled short options: "-sS", "-XPOST", "-sSH" "Accept: …".
      for (let j = 1; j < arg.length; j++) {
        const name = `-${arg[j]}`;
        if (SHORT_WITH_VALUE.has(arg[j]!)) {
          const rest = arg.slice(j + 1);
          const refusal = takeValue(name, rest || values[++i]);
          if (refusal) return refusal;
          break;
        }
        if (KEPT_FLAGS.has(name)) kept.push(name);
        else if (!DROPPED_FLAGS.has(name)) return unsupported(name);
      }
    } else urls.push(arg);
  }
  if (urls.length !== 1) return { reason: urls.length ? `it requests ${urls.length} URLs` : 'it has no URL', hint: 'show one request per example' };
  const url = urls[0]!;
  const server = serverOf(options.servers, url);
  if (server === null) {
    return { reason: `it calls ${url.slice(0, 80)}, not ${serversText(options.servers)}`, hint: `use ${options.servers[0]?.replace(/\/+$/, '') ?? 'the API\'s server'}/…` };
  }
  return {
    args: [
      '-q', // first, or curl reads ~/.curlrc
      '--silent',
      '--show-error',
      '--noproxy', '*',
      '--proto', '=http',
      '--max-redirs', '0',
      '--max-time', String(options.timeoutSeconds),
      '--write-out', `${STATUS_MARKER}%{http_code}`,
      ...options.headers.flatMap((h) => ['-H', h]),
      ...kept,
      '--url', `${options.mockUrl}${url.slice(server.length)}`,
    ],
  };
}

function unsupported(name: string): CurlRefusal {
  return { reason: `bankdocs does not run curl's ${name} option`, hint: 'keep to options that shape the request (-X, -H, -d, -u, -G, -g): an example must not read or write files, use a proxy or reach another host' };
}

/** A shell word with its variables set to their test values; a command substitution is refused. */
function expand(word: Word, variable: (name: string) => string): string | CurlRefusal {
  let text = '';
  for (const token of word.tokens) {
    if (typeof token === 'string') text += token;
    else if (token.type === 'variable') text += variable(token.value);
    else return { reason: `it runs the command ${token.text}`, hint: 'write the value itself, or a $VARIABLE' };
  }
  return text;
}

/** The status and body of a finished run: curl's output with STATUS_MARKER at its end. */
export function readCurlOutput(stdout: string): { status: number; body: string } | null {
  const at = stdout.lastIndexOf(STATUS_MARKER);
  if (at < 0) return null;
  return { status: Number(stdout.slice(at + STATUS_MARKER.length).trim()), body: stdout.slice(0, at) };
}
