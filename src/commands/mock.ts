// `bankdocs mock`: a local HTTP server for the documented API, from the OpenAPI document
// and the reference's examples. Each request is checked like the examples are (headers,
// authentication, parameters, the body against its schema, spec §5) and answered with the
// operation's documented example, or an error in the API's own format.
import { join } from 'node:path';
import type { Operation } from '../api/openapi.js';
import { resolveConfig } from '../config/load-config.js';
import { loadContent } from '../content/load-content.js';
import { formatDiagnostic, escapeControls, shownPath } from '../diagnostics.js';
import { countSources, documentedResponses } from '../mock/documented-responses.js';
import { startMockServer, type MockExchange, type RunningMock } from '../mock/server.js';
import { consoleOutput, type Output } from './output.js';

export interface MockCommandOptions {
  config?: string;
  port?: string;
  host?: string;
  stateful?: boolean;
}

export async function mockCommand(options: MockCommandOptions, out: Output = consoleOutput): Promise<number> {
  const port = Number(options.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    out.error(`bankdocs mock: "${options.port}" is not a port; use a number from 0 to 65535 (0: any free port).`);
    return 2;
  }
  const config = await resolveConfig(options.config ?? 'docs.config.yaml');
  if (!config.ok) {
    for (const d of config.diagnostics) out.error(formatDiagnostic(d, process.cwd(), out.color ?? false));
    return 1;
  }
  const { site, diagnostics } = await loadContent(config.value);
  const openapiFile = shownPath(join(site.contentDir, site.config.api.openapi));
  if (!site.api) {
    const own = diagnostics.filter((d) => d.severity === 'error' && d.file.endsWith(site.config.api.openapi));
    for (const d of own) out.error(formatDiagnostic(d, process.cwd(), out.color ?? false));
    if (!own.length) out.error(`bankdocs mock: there is no OpenAPI document at ${openapiFile}; the mock serves the API it describes (set api.openapi in ${shownPath(config.value.file)} if it is elsewhere).`);
    return 1;
  }
  const api = site.api;
  const responses = documentedResponses(api, site.pages, site.config.markdown.engine);
  const host = options.host ?? '127.0.0.1';
  let mock: RunningMock;
  try {
    mock = await startMockServer({ api, responses, stateful: options.stateful ?? false, requestHeaders: site.config.api.requestHeaders, host, port, onExchange: (exchange) => out.info(describeExchange(exchange)) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.error(code === 'EADDRINUSE' ? `Port ${port} is in use; pass another with --port.` : `Cannot start the mock server: ${(error as Error).message}`);
    return 1;
  }
  const counts = countSources(responses);
  const from = [
    counts.openapi ? `${counts.openapi} from ${openapiFile}` : '',
    counts.content ? `${counts.content} from the reference's examples` : '',
    counts.schema ? `${counts.schema} from schema examples` : '',
    counts.none ? `${counts.none} without a body` : '',
    counts.missing ? `${counts.missing} with no documented example (answered 501)` : '',
  ].filter(Boolean);
  out.info(`bankdocs mock: ${api.title} at ${mock.url}/  (${Object.keys(api.operations).length} operations; answers: ${from.join(', ')}${options.stateful ? '; stateful' : ''}; Ctrl+C to stop)`);
  const sample = sampleCall(mock.url, Object.values(api.operations), site.config.api.requestHeaders);
  if (sample) out.info(`  try: ${sample}`);

  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void mock.close().then(() => resolve(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function describeExchange({ method, url, answer }: MockExchange): string {
  const shown = url.length > 120 ? `${url.slice(0, 117)}…` : url;
  const problems = answer.errors.map((e) => `${e.code}: ${e.detail}`).join('; ');
  // One line per request, whatever the request holds: a decoded "%0A" in a path is shown escaped, not as a new line.
  return escapeControls(`${method} ${shown} -> ${answer.status}${answer.operationId ? ` (${answer.operationId})` : ''}${problems ? `  ${problems}` : ''}`);
}

/**
 * A call the mock answers: the first GET without path parameters, with the headers every
 * request sends (api.requestHeaders) and the credentials its operation asks for (any value
 * passes). The part after the mock's address.
 */
export function sampleCall(base: string, operations: readonly Operation[], requestHeaders: Readonly<Record<string, string>>): string | null {
  const operation = operations.find((o) => o.method === 'get' && !o.path.includes('{'));
  if (!operation) return null;
  const quoted = (text: string) => `"${text.replace(/["\\$`]/g, '\\$&')}"`;
  const args = Object.entries(requestHeaders).map(([name, value]) => `-H ${quoted(`${name}: ${value}`)}`);
  let url = `${base}${operation.path}`;
  const key = operation.apiKey;
  if (operation.auth === 'bearer') args.push(`-H ${quoted('Authorization: Bearer test-token')}`);
  else if (operation.auth === 'basic') args.push(`-u ${quoted('test-client:test-secret')}`);
  else if (key?.in === 'header') args.push(`-H ${quoted(`${key.name}: test-key`)}`);
  else if (key?.in === 'cookie') args.push(`-b ${quoted(`${key.name}=test-key`)}`);
  else if (key?.in === 'query') url += `?${encodeURIComponent(key.name)}=test-key`;
  return ['curl', url.includes('?') ? quoted(url) : url, ...args].join(' ');
}
