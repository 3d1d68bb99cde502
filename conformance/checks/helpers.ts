/** Small pieces several check files share: cost shorthands, canonical JSON, list walking. */
import type { KitResponse } from '../http/client.js';
import type { CheckContext } from '../runner/check.js';
import { errorCodeOf, fail, readList } from '../runner/expect.js';
import type { Scope } from '../spec/routes.js';

export const costOf = (requests: number) => (): number => requests;
export const perRun = (requests: number, extra = 0) => (plan: { readonly runs: number }): number => requests * plan.runs + extra;

/** JSON with object keys sorted, so two bodies compare by meaning, not by key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export interface WalkResult {
  readonly items: Record<string, unknown>[];
  readonly pages: KitResponse[];
}

/** Follows `next_cursor` until `has_more` is false (capped, so a looping cursor cannot hang the kit). */
export async function walk(
  ctx: CheckContext,
  path: string,
  options: { key?: string; limit?: number; query?: Record<string, string>; maxPages?: number; firstPagesOnly?: boolean } = {},
): Promise<WalkResult> {
  const items: Record<string, unknown>[] = [];
  const pages: KitResponse[] = [];
  let cursor: string | undefined;
  const maxPages = options.maxPages ?? 200;
  for (let page = 0; page < maxPages; page++) {
    const response = await ctx.send({
      path,
      key: options.key ?? 'a',
      query: { ...options.query, ...(options.limit !== undefined ? { limit: options.limit } : {}), ...(cursor ? { starting_after: cursor } : {}) },
    });
    if (response.status !== 200) fail(`GET ${path}: expected HTTP 200 while walking pages, got ${response.status}`, response);
    const list = readList(response, `GET ${path}`);
    pages.push(response);
    for (const item of list.data) {
      if (typeof item !== 'object' || item === null) fail(`GET ${path}: list items must be objects`, response);
      items.push(item as Record<string, unknown>);
    }
    if (!list.has_more) return { items, pages };
    cursor = list.next_cursor ?? undefined;
  }
  // `firstPagesOnly`: the caller reads just the first pages of a long list (its end is not judged).
  if (options.firstPagesOnly) return { items, pages };
  return fail(`GET ${path}: still has_more after ${maxPages} pages (a cursor that loops?)`, pages[pages.length - 1]);
}

export function dataOf(response: KitResponse): Record<string, unknown> | undefined {
  const data = typeof response.json === 'object' && response.json !== null ? (response.json as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

export function numericId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/**
 * A request with account B's key was refused for its scope: the check cannot use that key (a skip,
 * not a failure). GET /account's claim about B's scope is never taken for this: the kit tries.
 */
export function skipIfScopeRefused(ctx: CheckContext, response: KitResponse, scope: Scope): void {
  if (response.status === 403 && errorCodeOf(response) === 'insufficient_scope') ctx.skip(`needs_key_b_of_scope:${scope}`, `the key given as --api-key-b was refused for ${scope} scope`);
}
