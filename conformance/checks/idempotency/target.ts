/**
 * What the idempotency properties create: the cheapest undoable create the target serves. Tags
 * (POST /tags, one request to count) when served, else API keys (POST /api-keys, revoked at once
 * so the 10-key cap is never reached). Each knows how to count its side effects by name; a count
 * the target does not let it make (the list answers an error) makes the check inconclusive, never
 * a "0" that would read as "the request had no effect".
 */
import type { KitResponse } from '../../http/client.js';
import type { CheckContext } from '../../runner/check.js';
import { CheckFailure } from '../../runner/failure.js';
import { walk } from '../helpers.js';

export interface IdempotentCreate {
  readonly path: string;
  readonly kind: string;
  readonly key: string;
  /** A valid body naming the resource `name`. */
  body(name: string, variant: number): unknown;
  /** A body the route refuses with 400 (for 4xx replays). */
  invalidBody(name: string): unknown;
  /** How many resources named `name` exist now (as seen by `key`). */
  count(name: string, key?: string): Promise<number>;
  deletePath(id: number): string;
}

const COLORS = ['#22C55E', '#3B82F6', '#EF4444', '#F59E0B', '#8B5CF6', '#0EA5E9', '#EC4899', '#14B8A6'];

function named(list: readonly Record<string, unknown>[], name: string): number {
  return list.filter((item) => item['name'] === name && item['revoked'] !== true).length;
}

export async function idempotentCreate(ctx: CheckContext): Promise<IdempotentCreate> {
  if (ctx.serves('POST', '/tags') && ctx.serves('GET', '/tags') && ctx.serves('DELETE', '/tags/{id}')) {
    const key = await ctx.keyFor('write');
    return {
      path: '/tags',
      kind: 'tag',
      key,
      body: (name, variant) => ({ name, color: COLORS[Math.abs(variant) % COLORS.length] }),
      invalidBody: (name) => ({ name, color: 'not-a-colour' }),
      count: async (name, as = key) => {
        const response: KitResponse = await ctx.send({ path: '/tags', key: as });
        const data = (response.json as { data?: unknown } | undefined)?.data;
        if (response.status !== 200 || !Array.isArray(data)) {
          return ctx.inconclusive('not measurable: cannot count tags', `GET /tags answered HTTP ${response.status}, so the kit cannot count the tags named ${name}`, response);
        }
        return named(data as Record<string, unknown>[], name);
      },
      deletePath: (id) => `/tags/${id}`,
    };
  }
  if (ctx.serves('POST', '/api-keys') && ctx.serves('GET', '/api-keys') && ctx.serves('DELETE', '/api-keys/{id}')) {
    const key = await ctx.keyFor('admin');
    return {
      path: '/api-keys',
      kind: 'api-key',
      key,
      body: (name, variant) => ({ name, scope: variant % 2 === 0 ? 'read' : 'write' }),
      invalidBody: (name) => ({ name, scope: 'not-a-scope' }),
      count: async (name, as = key) => {
        try {
          return named((await walk(ctx, '/api-keys', { key: as, limit: 100 })).items, name);
        } catch (error) {
          if (error instanceof CheckFailure) return ctx.inconclusive('not measurable: cannot count API keys', `the kit cannot count the keys named ${name}: ${error.message}`, error.exchange);
          throw error;
        }
      },
      deletePath: (id) => `/api-keys/${id}`,
    };
  }
  return ctx.skip('not_served:no_undoable_create');
}
