/**
 * Assertions over responses. Each failure names what the spec wanted and what came back, and
 * carries the exchange so the report can print the request, the response and a curl line.
 */
import type { z } from 'zod';
import type { KitResponse } from '../http/client.js';
import { CheckFailure } from './failure.js';
import { looseAnswer } from './loose-answer.js';

export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly param: string | undefined;
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface ListBody {
  readonly data: unknown[];
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

export function fail(message: string, response?: KitResponse): never {
  throw new CheckFailure(message, response);
}

function describe(response: KitResponse): string {
  const code = errorCodeOf(response);
  return code === undefined ? `HTTP ${response.status}` : `HTTP ${response.status} ${code}`;
}

export function errorCodeOf(response: KitResponse): string | undefined {
  const error = (response.json as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}

export function expectStatus(response: KitResponse, expected: number | readonly number[], what: string): void {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  if (!allowed.includes(response.status)) fail(`${what}: expected HTTP ${allowed.join(' or ')}, got ${describe(response)}`, response);
}

/**
 * Any 2xx: for the routes whose success status the spec does not state (it says what happens,
 * not which 2xx answers), so a 204 is not a violation there.
 */
export function expectSuccess(response: KitResponse, what: string): void {
  if (response.status < 200 || response.status > 299) fail(`${what}: expected a 2xx success, got ${describe(response)}`, response);
}

/** The section 7.1 envelope: `{error: {code, message, param?}}`. */
export function readError(response: KitResponse, what: string): ErrorBody {
  const body = response.json;
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) fail(`${what}: the body is not the error envelope {error: {code, message}}`, response);
  const { code, message, param, ...extra } = error as Record<string, unknown>;
  if (typeof code !== 'string' || code === '') fail(`${what}: error.code must be a non-empty string`, response);
  if (typeof message !== 'string') fail(`${what}: error.message must be a string`, response);
  if (param !== undefined && typeof param !== 'string') fail(`${what}: error.param must be a string when present`, response);
  return { code, message, param, extra };
}

export function expectError(
  response: KitResponse,
  status: number,
  code: string | readonly string[],
  what: string,
  options: { param?: string | RegExp } = {},
): ErrorBody {
  expectStatus(response, status, what);
  const error = readError(response, what);
  const codes = typeof code === 'string' ? [code] : code;
  if (!codes.includes(error.code)) fail(`${what}: expected error code ${codes.join(' or ')}, got ${error.code}`, response);
  const wanted = options.param;
  if (wanted !== undefined) {
    const ok = typeof wanted === 'string' ? error.param === wanted : error.param !== undefined && wanted.test(error.param);
    if (!ok) fail(`${what}: error.param should name ${String(wanted)}, got ${error.param === undefined ? 'no param' : `"${error.param}"`}`, response);
  }
  return error;
}

/** `{data: {...}}` (2.1). */
export function readData(response: KitResponse, what: string): Record<string, unknown> {
  const data = typeof response.json === 'object' && response.json !== null ? (response.json as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail(`${what}: expected {data: {...}}`, response);
  return data as Record<string, unknown>;
}

/**
 * `{data: [...], has_more, next_cursor}` (2.1). `has_more: true` needs a cursor to send as
 * `starting_after`; the last page may still carry one ("string or null"; a client repeats "until
 * `has_more` is false"), so walks stop on `has_more` alone. The house's null there is the
 * assumption check `pagination.last-page-cursor` (audit 13f F1).
 */
export function readList(response: KitResponse, what: string): ListBody {
  const body = response.json;
  if (typeof body !== 'object' || body === null) fail(`${what}: expected a list body`, response);
  const { data, has_more, next_cursor } = body as Record<string, unknown>;
  if (!Array.isArray(data)) fail(`${what}: list data must be an array`, response);
  if (typeof has_more !== 'boolean') fail(`${what}: has_more must be a boolean`, response);
  if (next_cursor !== null && typeof next_cursor !== 'string') fail(`${what}: next_cursor must be a string or null`, response);
  if (has_more && next_cursor === null) fail(`${what}: has_more is true but next_cursor is null`, response);
  return { data, has_more, next_cursor };
}

/**
 * Validates against a resource schema of the spec-as-code. Unknown extra fields are allowed at
 * every depth, even where the schema's object is strict for request bodies (loose-answer.ts).
 */
export function expectShape<T>(value: unknown, schema: z.ZodType<T>, what: string, response?: KitResponse): T {
  const result = looseAnswer(schema).safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') || '(root)' : '(root)';
    // Say so when the value is a null the schema does not allow; 2.1 names the common case.
    const isNull = issue !== undefined && issue.path.length > 0 && valueAt(value, issue.path) === null;
    const note = !isNull ? '' : issue.path.includes('custom_fields') ? ' (got null; 2.1: unset custom fields are omitted, never null)' : ' (got null)';
    fail(`${what}: ${where}: ${issue?.message ?? 'does not match the spec shape'}${note}`, response);
  }
  return result.data;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const step of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<PropertyKey, unknown>)[step];
  }
  return here;
}

export function idOf(value: unknown): number | undefined {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
}
