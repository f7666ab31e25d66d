// What the mock answers for each operation: the response the documentation shows. For
// each status an operation documents, the example is taken from, in order:
//   1. the API reference (the ```json response [status] block inside :::operation{id}),
//      what the reader sees beside the request;
//   2. the OpenAPI document (the media type's `example` or first of `examples`);
//   3. the response schema's own `examples`.
// `check` validates the first two against the response's schema.
// A bodiless response (no schema) answers with no body. A response of another type than
// JSON (text/csv) answers with the reference's block in that language, as written.
// Statuses may be ranges ("2XX") or `default`: they answer with their first code (200).
import { operationBlocks, parseSection } from '../api/examples.js';
import { isJsonMediaType, responseFor, statusCode, successKey, type ApiModel, type Operation, operationOf } from '../api/openapi.js';
import type { Page } from '../content/site.js';
import type { MarkdownEngine } from '../markdown/engines.js';

export type ResponseSource = 'openapi' | 'content' | 'schema' | 'none';

export interface DocumentedResponse {
  status: number;
  /** The JSON body; undefined for a response without one; the text of a body of another type. */
  body: unknown;
  source: ResponseSource;
  /** The media type of a body that is no JSON (the body is then its text). */
  mediaType?: string;
}

export interface OperationResponses {
  /** The operation's success answer (its first 2xx status), or null when nothing documents it. */
  success: DocumentedResponse | null;
  byStatus: Record<string, DocumentedResponse>;
}

export type DocumentedResponses = Map<string, OperationResponses>;

/** A response block in another language than JSON: its text, answered as the media type. */
class RawBody {
  constructor(
    readonly text: string,
    readonly mediaType: string,
  ) {}
}

export function documentedResponses(api: ApiModel, pages: readonly Pick<Page, 'body' | 'file' | 'info'>[], engine: MarkdownEngine = 'fast'): DocumentedResponses {
  // The reference's response blocks, by operation and status; the first of each wins.
  const fromContent = new Map<string, Map<string, unknown>>();
  for (const page of pages) {
    if (page.info.layout !== 'api' || !page.body.includes(':::operation')) continue;
    for (const block of operationBlocks(page, parseSection(page.body, engine))) {
      const operation = operationOf(api, block.operationId);
      if (!operation) continue;
      for (const example of block.examples) {
        if (!example.response) continue;
        const status = responseFor(operation, example.status ?? successKey(operation) ?? '200')?.key;
        if (!status) continue; // reported by the check
        let value: unknown;
        if (example.lang !== 'json') {
          const mediaType = operation.responses[status]!.mediaTypes.find((type) => !isJsonMediaType(type));
          if (!mediaType) continue; // reported by the check
          value = new RawBody(example.value.endsWith('\n') ? example.value : `${example.value}\n`, mediaType);
        } else {
          try {
            value = JSON.parse(example.value);
          } catch {
            continue; // reported by the check as example-response-json
          }
        }
        const byStatus = fromContent.get(operation.id) ?? new Map<string, unknown>();
        fromContent.set(operation.id, byStatus);
        if (!byStatus.has(status)) byStatus.set(status, value);
      }
    }
  }

  const result: DocumentedResponses = new Map();
  for (const operation of Object.values(api.operations)) {
    const byStatus: Record<string, DocumentedResponse> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const code = statusCode(status);
      const content = fromContent.get(operation.id)?.get(status);
      const schemaExample = Array.isArray(response.schema?.examples) ? response.schema.examples[0] : undefined;
      if (content instanceof RawBody) byStatus[status] = { status: code, body: content.text, source: 'content', mediaType: content.mediaType };
      else if (content !== undefined) byStatus[status] = { status: code, body: content, source: 'content' };
      else if (response.example !== undefined) byStatus[status] = { status: code, body: response.example, source: 'openapi' };
      else if (schemaExample !== undefined) byStatus[status] = { status: code, body: schemaExample, source: 'schema' };
      else if (!response.mediaTypes.length) byStatus[status] = { status: code, body: undefined, source: 'none' };
    }
    const success = successKey(operation);
    result.set(operation.id, { success: (success && byStatus[success]) || null, byStatus });
  }
  return result;
}

/** How many operations answer from each source: for the mock's start-up line and the docs. */
export function countSources(responses: DocumentedResponses): Record<ResponseSource | 'missing', number> {
  const counts = { openapi: 0, content: 0, schema: 0, none: 0, missing: 0 };
  for (const { success } of responses.values()) counts[success ? success.source : 'missing']++;
  return counts;
}
