/**
 * Fault injection for the conformance kit's own tests ("teeth"): each mutant breaks exactly one
 * rule of the spec, so a kit run against it must fail. Off unless asked for.
 *
 * None of them lives in the request path. Each is a wrapper installed when it is switched on
 * and removed when it is switched off: the ones here rewrite requests or responses around the
 * whole simulator (`wrapHandle`) or swap one named seam (the authenticator, a collection's
 * ownership lookup). A group's own rules are broken by the group's mutants (its `mutants.ts`,
 * declared in its descriptor), which swap one of its model's functions. With no mutant on,
 * `handle` is the pipeline itself.
 */
import { decodeAnyCursor, encodeCursor } from '../core/pagination.js';
import type { SimRequest, SimResponse } from '../core/types.js';
import type { AuthenticatedKey } from '../core/auth.js';
import { bytesSource } from '../core/body.js';
import type { Collection, Entity } from '../store/collection.js';

/** The mutants of the simulator itself (pipeline, auth, store); groups add their own. */
export const CORE_MUTANTS = {
  drop_replayed_header: 'Idempotent replays lose the Idempotent-Replayed header.',
  created_as_ok: 'Creates answer 200 instead of 201.',
  repeat_page_item: 'The last item of a page repeats as the first item of the next page.',
  skip_scope_check: 'Route scopes are not enforced.',
  leak_cross_account: "Another account's record is readable by id.",
  wrong_error_code: 'A missing resource answers 400 invalid_param instead of 404 not_found.',
  omit_rate_limit_headers: 'RateLimit-* and X-RateLimit-* headers are left off.',
  accept_bad_limit: 'An out-of-range limit is silently clamped instead of refused.',
  ignore_idempotency_body: 'A reused Idempotency-Key with a different body replays instead of 422.',
} as const;

type CoreMutantName = keyof typeof CORE_MUTANTS;

/** A mutant as a group declares it: what it breaks, and how to break it (returns the undo). */
export interface MutantDefinition {
  readonly description: string;
  readonly install: () => () => void;
}

type Handle = (request: SimRequest) => Promise<SimResponse>;

/** The seams a mutant may swap. Each belongs to one simulator. */
export interface MutantSeams {
  /** The authenticator the pipeline calls through. */
  authenticate: (key: string) => AuthenticatedKey | undefined;
  /** Every store collection (ownership lookups). */
  readonly collections: () => Iterable<Collection<Entity>>;
}

interface Installed {
  /** Rewrites the request before the simulator sees it. */
  readonly request?: (request: SimRequest) => SimRequest | Promise<SimRequest>;
  /** Rewrites the response before the caller sees it. */
  readonly response?: (response: SimResponse, request: SimRequest) => SimResponse;
  /** Undoes a seam swap. */
  readonly uninstall?: () => void;
}

const RATE_LIMIT_HEADER = /^(x-)?ratelimit-/i;

/** The most a rewriting mutant reads of a body (the simulator's default body limit). */
const REWRITE_LIMIT = 1024 * 1024;

function withoutHeaders(response: SimResponse, drop: (name: string) => boolean): SimResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (!drop(name)) headers[name] = value;
  return { ...response, headers };
}

function header(request: SimRequest, name: string): string | undefined {
  for (const [key, value] of Object.entries(request.headers ?? {})) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : (value as string | undefined);
  }
  return undefined;
}

/** Clamps `limit` wherever the request carries it (query object, query string or path). */
function clampLimit(request: SimRequest): SimRequest {
  const clamp = (value: string): string => String(Math.min(100, Math.max(1, Math.trunc(Number(value)) || 1)));
  const fixText = (text: string): string => {
    const params = new URLSearchParams(text);
    if (params.has('limit')) params.set('limit', clamp(params.get('limit')!));
    return params.toString();
  };
  let { path, query } = request;
  const mark = path.indexOf('?');
  if (mark !== -1) path = `${path.slice(0, mark)}?${fixText(path.slice(mark + 1))}`;
  if (typeof query === 'string') query = fixText(query);
  else if (query && query['limit'] !== undefined) query = { ...query, limit: clamp(String(query['limit'])) };
  return { ...request, path, ...(query !== undefined ? { query } : {}) };
}

function installers(seams: MutantSeams): Record<CoreMutantName, () => Installed> {
  return {
    drop_replayed_header: () => ({ response: (response) => withoutHeaders(response, (name) => name.toLowerCase() === 'idempotent-replayed') }),
    created_as_ok: () => ({ response: (response) => (response.status === 201 ? { ...response, status: 200 } : response) }),
    omit_rate_limit_headers: () => ({ response: (response) => withoutHeaders(response, (name) => RATE_LIMIT_HEADER.test(name)) }),
    wrong_error_code: () => ({
      response: (response) => {
        const error = (response.body as { error?: { code?: string; message?: string } } | undefined)?.error;
        if (response.status !== 404 || error?.code !== 'not_found') return response;
        return { ...response, status: 400, body: { error: { code: 'invalid_param', message: error.message ?? '', param: 'id' } } };
      },
    }),
    repeat_page_item: () => ({
      response: (response) => {
        const body = response.body as { data?: unknown; next_cursor?: unknown } | undefined;
        if (!body || !Array.isArray(body.data) || body.data.length < 2 || typeof body.next_cursor !== 'string') return response;
        const cursor = decodeAnyCursor(body.next_cursor);
        if (!cursor) return response;
        const overlap = body.data[body.data.length - 2] as { id?: unknown };
        return { ...response, body: { ...body, next_cursor: encodeCursor(cursor.list, overlap.id) } };
      },
    }),
    accept_bad_limit: () => ({ request: clampLimit }),
    ignore_idempotency_body: () => {
      // The first body sent with each (API key, Idempotency-Key) stands in for every later one.
      const first = new Map<string, SimRequest['body'] | Uint8Array>();
      return {
        request: async (request) => {
          const key = header(request, 'idempotency-key');
          if (key === undefined) return request;
          const id = `${header(request, 'x-service-api-key') ?? header(request, 'authorization') ?? ''}\n${key}`;
          if (request.bodySource) {
            const bytes = await request.bodySource.read(REWRITE_LIMIT);
            if (bytes === 'too_large') return { ...request, bodySource: { read: async () => 'too_large' } };
            if (!first.has(id)) first.set(id, bytes);
            const kept = first.get(id);
            return { ...request, bodySource: bytesSource(kept instanceof Uint8Array ? kept : bytes) };
          }
          if (request.body === undefined) return request;
          if (!first.has(id)) first.set(id, request.body);
          return { ...request, body: first.get(id) };
        },
      };
    },
    skip_scope_check: () => {
      const original = seams.authenticate;
      seams.authenticate = (key) => {
        const found = original(key);
        return found && { ...found, scope: 'full' };
      };
      return { uninstall: () => (seams.authenticate = original) };
    },
    leak_cross_account: () => {
      const restores: (() => void)[] = [];
      for (const collection of seams.collections()) {
        const original = collection.getOwned;
        collection.getOwned = (_accountId, id) => collection.get(id);
        restores.push(() => (collection.getOwned = original));
      }
      return { uninstall: () => restores.forEach((restore) => restore()) };
    },
  };
}

export class MutantSwitch {
  private readonly installed = new Map<string, Installed>();
  private readonly install = new Map<string, () => Installed>();
  private readonly descriptions: Record<string, string> = {};

  /** The simulator's own mutants on these seams, and the groups' mutants by name. */
  constructor(seams: MutantSeams, groupMutants: ReadonlyMap<string, MutantDefinition> = new Map()) {
    for (const [name, install] of Object.entries(installers(seams))) {
      this.install.set(name, install);
      this.descriptions[name] = CORE_MUTANTS[name as CoreMutantName];
    }
    for (const [name, mutant] of groupMutants) {
      if (this.install.has(name)) throw new Error(`two mutants are named ${name}`);
      this.install.set(name, () => ({ uninstall: mutant.install() }));
      this.descriptions[name] = mutant.description;
    }
  }

  /** Every mutant this simulator has, with what it breaks. */
  catalogue(): Readonly<Record<string, string>> {
    return this.descriptions;
  }

  isKnown(name: string): boolean {
    return this.install.has(name);
  }

  /** Switches on exactly these mutants (an empty list switches all off); names must be known. */
  set(names: readonly string[]): void {
    const unknown = names.find((name) => !this.install.has(name));
    if (unknown !== undefined) throw new Error(`unknown mutant ${unknown}`);
    for (const [name, mutant] of this.installed) {
      if (!names.includes(name)) {
        mutant.uninstall?.();
        this.installed.delete(name);
      }
    }
    for (const name of names) if (!this.installed.has(name)) this.installed.set(name, this.install.get(name)!());
  }

  has(name: string): boolean {
    return this.installed.has(name);
  }

  list(): string[] {
    return [...this.installed.keys()];
  }

  /** The simulator's entry point: the pipeline itself, or the pipeline inside the active rewrites. */
  wrapHandle(inner: Handle): Handle {
    return (request) => {
      if (this.installed.size === 0) return inner(request);
      return this.mutated(inner, request);
    };
  }

  private async mutated(inner: Handle, request: SimRequest): Promise<SimResponse> {
    let rewritten = request;
    for (const mutant of this.installed.values()) if (mutant.request) rewritten = await mutant.request(rewritten);
    let response = await inner(rewritten);
    for (const mutant of this.installed.values()) if (mutant.response) response = mutant.response(response, rewritten);
    return response;
  }
}
