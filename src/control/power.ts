/**
 * A sandbox power: something the real service cannot do for a developer (a customer writes in,
 * the clock moves, a send fails on purpose). Each power is defined once, here in shape and in
 * its group's `sandbox.ts` in substance, and the simulator exposes it twice from that one
 * definition: as a route under `/_sandbox` (in the control plane's own OpenAPI document) and as
 * a function of `sim.sandbox`. Both parse input with the same schemas, run in one store
 * transaction and throw the same `ApiError`s, so the two surfaces cannot drift apart.
 *
 * Access: `account` powers act on one account (over HTTP, the caller's own); `operator` powers
 * act on the whole sandbox (reset, snapshot, the clock, faults).
 */
import type { z } from 'zod';
import type { StreamedBody } from '../core/body-stream.js';
import { ApiError } from '../core/errors.js';
import { pageItemsNewestFirst } from '../core/pagination.js';
import { listResult, type AnyRoute, type RouteDefinition, type RouteMethod, type RouteResult } from '../core/route.js';
import { isStreamedBody } from '../core/streamed-body.js';
import { parseOrThrow } from '../core/validate.js';
import type { Store } from '../store/store.js';
import type { Scope } from '../core/types.js';

export type PowerAccess = 'account' | 'operator';

/** What a power runs with: the account it acts on (account powers), its path parameters and input. */
export interface PowerCall<P, I> {
  readonly accountId: number;
  /** The caller's key scope (`full` for the operator and in-process calls): some output is admin-only. */
  readonly scope: Scope;
  readonly params: P;
  readonly input: I;
}

/** Runs a power as `sim.sandbox` does: parses params and input, one transaction. */
export type PowerInvoke<O> = (call: { accountId?: number; params?: Readonly<Record<string, unknown>>; input?: unknown }) => O;

export interface Power<C, F> {
  readonly kind: 'power';
  readonly access: PowerAccess;
  readonly operationId: string;
  readonly method: RouteMethod;
  /** Relative to `/_sandbox`, with `{name}` parameters. */
  readonly path: string;
  /** The key scope the route needs: `admin` unless the power only reads the caller's own account. */
  readonly scope: Scope;
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  /** The body of a POST or PATCH, the query of a GET or DELETE. */
  readonly input?: z.ZodType;
  /** POST/PATCH only: a bodiless request is refused (send `{}` when there is nothing to say). */
  readonly inputRequired?: boolean;
  readonly output: z.ZodType;
  readonly status: 200 | 201;
  /** The output is an array oldest first; the route pages it newest first, the function returns it whole. */
  readonly list?: boolean;
  /** This power's own body limit in bytes (a whole snapshot to restore); others take the simulator's. */
  readonly maxBodyBytes?: number;
  /**
   * POST only: the route takes its body as a stream (docs/architecture.md, "Streamed request
   * bodies"); what this resolves, from the chunks, is the input (`input` then checks it, if given).
   */
  readonly streamedInput?: (body: StreamedBody) => Promise<unknown>;
  readonly run: (call: PowerCall<unknown, unknown>, bound: C) => unknown;
  /** Builds the `sim.sandbox` function from an invoker. */
  readonly fn: (invoke: PowerInvoke<unknown>) => F;
}

/** A group's powers: functions by name, namespaces as nested objects (`webhooks.idle`). */
export interface PowerTree {
  readonly [name: string]: Power<never, unknown> | PowerTree;
}

/** The `sim.sandbox` functions a power tree becomes. */
export type FunctionsOf<T> = {
  readonly [K in keyof T]: T[K] extends Power<never, infer F> ? F : FunctionsOf<T[K]>;
};

/** `'/a/{x}/b/{y}'` -> `['x', 'y']` */
export type PathParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathParamNames<Rest>] : [];

type ParamValues<Names extends readonly string[], PS> = {
  [I in keyof Names]: PS extends z.ZodType ? (Names[I] extends keyof z.output<PS> ? z.output<PS>[Names[I]] : string) : string;
};

type ParamArgs<Path extends string, PS> = ParamValues<PathParamNames<Path>, PS>;

type InputArgs<IS> = IS extends z.ZodType ? ({} extends z.input<IS> ? [input?: z.input<IS>] : [input: z.input<IS>]) : [];

type DefaultFunction<A extends PowerAccess, Path extends string, PS, IS, O> = A extends 'account'
  ? (accountId: number, ...args: [...ParamArgs<Path, PS>, ...InputArgs<IS>]) => O
  : (...args: [...ParamArgs<Path, PS>, ...InputArgs<IS>]) => O;

type Output<IS, PS> = { params: PS extends z.ZodType ? z.output<PS> : Record<string, never>; input: IS extends z.ZodType ? z.output<IS> : undefined };

interface PowerSpec<C, Path extends string, PS, IS, O> {
  readonly operationId: string;
  readonly method: RouteMethod;
  readonly path: Path;
  readonly scope?: Scope;
  readonly summary: string;
  readonly description?: string;
  readonly params?: PS;
  readonly input?: IS;
  readonly inputRequired?: boolean;
  readonly output: z.ZodType;
  readonly status?: 200 | 201;
  readonly list?: boolean;
  readonly maxBodyBytes?: number;
  readonly streamedInput?: (body: StreamedBody) => Promise<unknown>;
  readonly run: (call: PowerCall<Output<IS, PS>['params'], Output<IS, PS>['input']>, bound: C) => O;
}

interface PowerBuilder<C> {
  account<const Path extends string, PS extends z.ZodType | undefined, IS extends z.ZodType | undefined, O, F>(
    spec: PowerSpec<C, Path, PS, IS, O> & { readonly fn: (invoke: PowerInvoke<O>) => F },
  ): Power<C, F>;
  account<const Path extends string, PS extends z.ZodType | undefined, IS extends z.ZodType | undefined, O>(
    spec: PowerSpec<C, Path, PS, IS, O>,
  ): Power<C, DefaultFunction<'account', Path, PS, IS, O>>;
  operator<const Path extends string, PS extends z.ZodType | undefined, IS extends z.ZodType | undefined, O, F>(
    spec: PowerSpec<C, Path, PS, IS, O> & { readonly fn: (invoke: PowerInvoke<O>) => F },
  ): Power<C, F>;
  operator<const Path extends string, PS extends z.ZodType | undefined, IS extends z.ZodType | undefined, O>(
    spec: PowerSpec<C, Path, PS, IS, O>,
  ): Power<C, DefaultFunction<'operator', Path, PS, IS, O>>;
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The default function: `(accountId?, ...path params in order, input?)`. */
function defaultFunction(access: PowerAccess, path: string): (invoke: PowerInvoke<unknown>) => unknown {
  const names = pathParamNames(path);
  return (invoke) =>
    (...args: unknown[]) => {
      const rest = access === 'account' ? args.slice(1) : args;
      const params: Record<string, unknown> = {};
      names.forEach((name, index) => (params[name] = rest[index]));
      return invoke({
        ...(access === 'account' ? { accountId: args[0] as number } : {}),
        params,
        input: rest[names.length],
      });
    };
}

function build<C>(access: PowerAccess, spec: PowerSpec<C, string, unknown, unknown, unknown> & { fn?: (invoke: PowerInvoke<unknown>) => unknown }): Power<C, unknown> {
  return {
    kind: 'power',
    access,
    operationId: spec.operationId,
    method: spec.method,
    path: spec.path,
    scope: spec.scope ?? 'admin',
    summary: spec.summary,
    ...(spec.description !== undefined ? { description: spec.description } : {}),
    ...(spec.params !== undefined ? { params: spec.params as z.ZodType } : {}),
    ...(spec.input !== undefined ? { input: spec.input as z.ZodType } : {}),
    ...(spec.inputRequired !== undefined ? { inputRequired: spec.inputRequired } : {}),
    output: spec.output,
    status: spec.status ?? 200,
    ...(spec.list !== undefined ? { list: spec.list } : {}),
    ...(spec.maxBodyBytes !== undefined ? { maxBodyBytes: spec.maxBodyBytes } : {}),
    ...(spec.streamedInput !== undefined ? { streamedInput: spec.streamedInput } : {}),
    run: spec.run as Power<C, unknown>['run'],
    fn: spec.fn ?? defaultFunction(access, spec.path),
  };
}

/**
 * The builder a group's `sandbox.ts` uses, typed against what its powers are bound to:
 *
 *   const power = powersFor<GroupContext<ConversationsModel>>();
 *   export const conversationPowers = { seedConversation: power.account({...}) };
 */
export function powersFor<C>(): PowerBuilder<C> {
  return {
    account: (spec: PowerSpec<C, string, unknown, unknown, unknown>) => build('account', spec),
    operator: (spec: PowerSpec<C, string, unknown, unknown, unknown>) => build('operator', spec),
  } as PowerBuilder<C>;
}

export function isPower(value: unknown): value is Power<never, unknown> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'power';
}

/** Every power of a tree with its dotted function name (`webhooks.idle`). */
export function powersOf(tree: PowerTree, prefix = ''): { name: string; power: Power<never, unknown> }[] {
  const out: { name: string; power: Power<never, unknown> }[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isPower(value)) out.push({ name, power: value });
    else out.push(...powersOf(value as PowerTree, name));
  }
  return out;
}

const WRITE_METHODS = new Set(['POST', 'PATCH']);

/** The `/_sandbox` route of a power. Account powers act on the caller's account. */
export function powerRoute<C>(power: Power<C, unknown>): AnyRoute<C> {
  const takesBody = WRITE_METHODS.has(power.method);
  const route: RouteDefinition<C, unknown, unknown, unknown> = {
    operationId: power.operationId,
    method: power.method,
    path: power.path,
    tag: 'Sandbox control',
    summary: power.summary,
    ...(power.description !== undefined ? { description: power.description } : {}),
    section: 'sandbox',
    scope: power.scope,
    scopeSource: 'assumption',
    ...(power.params ? { params: power.params } : {}),
    ...(power.input && takesBody ? { body: power.input, bodyRequired: power.inputRequired ?? false } : {}),
    ...(power.input && !takesBody ? { query: power.input } : {}),
    ...(power.list ? { list: { defaultLimit: 25 } } : {}),
    ...(power.maxBodyBytes !== undefined ? { maxBodyBytes: power.maxBodyBytes } : {}),
    ...(power.streamedInput && takesBody ? { bodyType: 'stream' as const, intake: power.streamedInput, bodyRequired: power.inputRequired ?? false } : {}),
    access: power.access,
    success: { statuses: [power.status], schema: power.output, envelope: power.list ? 'list' : 'data' },
    handler: async (ctx, bound) => {
      const input = takesBody ? ctx.body : ctx.query;
      const output = await power.run({ accountId: ctx.caller.accountId, scope: ctx.caller.scope, params: ctx.params, input }, bound);
      if (power.list) return listResult(pageItemsNewestFirst(output as { id: number }[], ctx.page));
      // A streamed body (a whole snapshot) carries its own envelope and goes out as it is written.
      if (isStreamedBody(output)) return { status: power.status, body: output };
      const result: RouteResult = { status: power.status, body: { data: output ?? null } };
      return result;
    },
  };
  return route;
}

/** The `sim.sandbox` function of a power, bound to its owner's context. */
export function powerFunction<C>(power: Power<C, unknown>, bound: C, store: Store): unknown {
  const invoke: PowerInvoke<unknown> = (call) => {
    const params = power.params ? parseParams(power.params, call.params ?? {}) : {};
    const input = power.input ? parseOrThrow(power.input, call.input ?? (power.inputRequired ? undefined : {}), 'body') : undefined;
    return store.transaction(() => power.run({ accountId: call.accountId ?? 0, scope: 'full', params, input }, bound));
  };
  return power.fn(invoke);
}

/** Function arguments go through the route's own param schema, as strings: the same 404 either way. */
function parseParams(schema: z.ZodType, values: Readonly<Record<string, unknown>>): unknown {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) raw[name] = String(value);
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError('not_found', 'No such resource.');
  return result.data;
}
