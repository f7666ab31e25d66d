// What the mock answers for each operation: the response the documentation shows. For
// each status an operation documents, the example is taken from, in order:
//   1. the OpenAPI document (the media type's `example` or first of `examples`);
//   2. the API reference (the ```json response [status] block inside :::operation{id});
//   3. the response schema's own `examples`.
// A bodiless response (no schema) answers with no body.
import { operationBlocks, parseSection } from '../api/examples.js';
import type { ApiModel, Operation } from '../api/openapi.js';
import type { Page } from '../content/site.js';
import type { MarkdownEngine } from '../markdown/engines.js';

export type ResponseSource = 'openapi' | 'content' | 'schema' | 'none';

export interface DocumentedResponse {
  status: number;
  /** The JSON body; undefined for a response without one. */
  body: unknown;
  source: ResponseSource;
}

export interface OperationResponses {
  /** The operation's success answer (its first 2xx status), or null when nothing documents it. */
  success: DocumentedResponse | null;
  byStatus: Record<string, DocumentedResponse>;
}

export type DocumentedResponses = Map<string, OperationResponses>;

export function successStatus(operation: Operation): string | null {
  return Object.keys(operation.responses).filter((s) => /^2\d\d$/.test(s)).sort()[0] ?? null;
}

export function documentedResponses(api: ApiModel, pages: readonly Pick<Page, 'body' | 'file' | 'info'>[], engine: MarkdownEngine = 'fast'): DocumentedResponses {
  // The reference's response blocks, by operation and status; the first of each wins.
  const fromContent = new Map<string, Map<string, unknown>>();
  for (const page of pages) {
    if (page.info.layout !== 'api' || !page.body.includes(':::operation')) continue;
    for (const block of operationBlocks(page, parseSection(page.body, engine))) {
      const operation = api.operations[block.operationId];
      if (!operation) continue;
      for (const example of block.examples) {
        if (!example.response) continue;
        const status = example.status ?? successStatus(operation) ?? '200';
        let value: unknown;
        try {
          value = JSON.parse(example.value);
        } catch {
          continue; // reported by the check as example-response-json
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
      if (!/^\d{3}$/.test(status)) continue;
      const code = Number(status);
      const content = fromContent.get(operation.id)?.get(status);
      const schemaExample = Array.isArray(response.schema?.examples) ? response.schema.examples[0] : undefined;
      if (response.example !== undefined) byStatus[status] = { status: code, body: response.example, source: 'openapi' };
      else if (content !== undefined) byStatus[status] = { status: code, body: content, source: 'content' };
      else if (schemaExample !== undefined) byStatus[status] = { status: code, body: schemaExample, source: 'schema' };
      else if (!response.schema) byStatus[status] = { status: code, body: undefined, source: 'none' };
    }
    const success = successStatus(operation);
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
