/**
 * Puts collected examples (./collect.ts) into a copy of a document: the success request's path
 * and query values on its parameters, its body under the request body's `examples`, and each
 * response under its status's `examples`. The schema-only document is left as it was (the
 * simulator's own response checks use it).
 */
import type { OpenApiDocument } from '../build.js';
import type { ExampleSet } from './collect.js';
import { SUCCESS_NOT_SHOWN } from './inputs.js';

interface MutableOperation {
  operationId?: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { examples?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
}

/** `ok`, `invalid_param`, ...: a response example's key, from its status and error code. */
function exampleKey(status: number, value: unknown): string {
  const code = (value as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : status < 300 ? 'success' : `status_${status}`;
}

export function withExamples(document: OpenApiDocument, examples: ExampleSet): OpenApiDocument {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const value of Object.values(item as Record<string, unknown>)) {
      const operation = value as MutableOperation;
      const found = operation.operationId === undefined ? undefined : examples.get(operation.operationId);
      if (found === undefined) continue;
      for (const parameter of operation.parameters ?? []) {
        const example = found.parameters[parameter.name];
        if (example !== undefined && parameter.in !== 'header') parameter.example = example;
      }
      const json = operation.requestBody?.content['application/json'];
      if (json !== undefined && found.body !== undefined) json.examples = { request: { summary: 'The request of the success example', value: found.body } };
      for (const [status, exchange] of found.responses) {
        if (status < 300 && operation.operationId! in SUCCESS_NOT_SHOWN) continue;
        const media = operation.responses?.[String(status)]?.content?.['application/json'];
        if (media !== undefined) media.examples = { [exampleKey(status, exchange.value)]: { summary: exchange.summary, value: exchange.value } };
      }
    }
  }
  return copy;
}
