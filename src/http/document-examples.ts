// Puts the examples of OPERATION_EXAMPLES (src/http/operation-examples.ts) into the OpenAPI document
// as it is built (the `transformObject` of @fastify/swagger in src/app/api.ts): a request example on
// every media type of the operation's request body (that type's own where `requests` gives one), an
// answer example on each of its 2xx answers that has a body. An example the route's own schema gives
// (a body's `examples`) is kept.
// test/http/operation-examples.test.ts validates every example against its schema.
import { OPERATION_EXAMPLES, type OperationExample } from './operation-examples.js';

type Json = Record<string, unknown>;

interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: unknown;
}

const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function setExample(content: unknown, example: unknown, byType?: Readonly<Record<string, unknown>>): void {
  if (!isMap(content)) return;
  for (const [type, media] of Object.entries(content) as Array<[string, Media]>) {
    const value = byType?.[type] ?? example;
    if (value !== undefined && isMap(media) && media.example === undefined && media.examples === undefined)
      media.example = value;
  }
}

/** The answer example of one status: its own in `responses`, else `response` for the only 2xx. */
function answerExample(doc: OperationExample, status: string): unknown {
  return doc.responses?.[status] ?? doc.response;
}

/** The document with the examples added (changed in place and returned, as transformObject expects). */
export function withExamples<T>(
  document: T,
  table: Readonly<Record<string, OperationExample>> = OPERATION_EXAMPLES,
): T {
  const paths = (document as Json).paths;
  if (!isMap(paths)) return document;
  for (const [path, operations] of Object.entries(paths)) {
    if (!isMap(operations)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const doc = table[`${method.toUpperCase()} ${path}`];
      if (!doc || !isMap(operation)) continue;
      if (isMap(operation.requestBody)) setExample(operation.requestBody.content, doc.request, doc.requests);
      if (!isMap(operation.responses)) continue;
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (status.startsWith('2') && isMap(answer)) setExample(answer.content, answerExample(doc, status));
      }
    }
  }
  return document;
}
