/**
 * A resource group as one unit (docs/architecture.md): a folder whose `index.ts` exports one
 * descriptor made with `defineGroup`, declaring everything the simulator needs to know about it:
 *
 * - its name and the groups it needs (their models are all it can reach);
 * - its model factory (state and rules), given the core services, the needed models and the
 *   hooks it offers;
 * - the hooks it offers, and (in `listen`) how it takes part in the hooks of the groups it needs;
 * - its API routes, typed against its own model and needs;
 * - its events, its seed section and its sandbox powers.
 *
 * The registry (resources/index.ts) is a plain list of descriptors, ordered by need; the
 * simulator, seed format, event catalogue, control plane and OpenAPI documents are all built by
 * looping over it (./compose.ts).
 */
import type { z } from 'zod';
import type { HookSpecs, HooksOf } from '../core/hooks.js';
import { eraseRoute, type AnyRoute, type Caller, type RouteDefinition } from '../core/route.js';
import type { PowerTree } from '../control/power.js';
import type { EventDefinition } from './events.js';
import type { PullSpec } from './pull.js';
import type { CoreServices } from './services.js';

/** What a group's route handlers and sandbox powers are bound to. */
export interface GroupContext<M, N = unknown> {
  readonly model: M;
  readonly needs: N;
  readonly core: CoreServices;
}

export interface ModelInit<N, H> {
  readonly core: CoreServices;
  readonly needs: N;
  /** The hooks this group offers, to run when the moment comes. */
  readonly hooks: H;
}

export interface ListenContext<M, N, O> {
  readonly model: M;
  readonly needs: N;
  /** The hooks of the groups this one needs, to listen to. */
  readonly on: O;
  readonly core: CoreServices;
}

/** Calls `work`, and names the seed path of whatever it threw. */
export type AtPath = (path: readonly (string | number)[], work: () => void) => void;

export interface SeedContext<M, N> extends GroupContext<M, N> {
  readonly accountId: number;
  readonly at: AtPath;
  /**
   * Loads each item of a section array; what one throws is named by its path in the file
   * (`$.accounts[0].tags[2]`), whatever order they load in. Items of a field listed in the spec's
   * `ids` that carry an `id` load in ascending id order and keep that id (`withId`); `order` sorts
   * the rest (e.g. oldest first), and file order breaks ties.
   */
  readonly each: <T>(field: string, items: readonly T[] | undefined, load: (item: T) => void, order?: (a: T, b: T) => number) => void;
  /** Runs `work` so the record it creates from `sequence` gets exactly `id` (a pulled seed keeps its ids). */
  readonly withId: <R>(sequence: string, id: number | undefined, work: () => R) => R;
}

export type SeedFields = z.core.$ZodShape;

export type SeedSection<F extends SeedFields> = z.output<z.ZodObject<F>>;

export interface SeedSpec<M, N, F extends SeedFields> {
  /** This group's fields of a seed account object (docs/fixtures.md). */
  readonly fields: F;
  /** Loads one account's section, inside the seed's transaction; emits no events. */
  readonly apply: (ctx: SeedContext<M, N>, section: SeedSection<F>) => void;
  /** Checks across accounts (duplicate ids, duplicate keys); `issue` names a path under `accounts`. */
  readonly check?: (accounts: readonly SeedSection<F>[], issue: (path: readonly (string | number)[], message: string) => void) => void;
  /** This group's part of the default seed, by account id: data, validated like any seed. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Section fields whose items may carry an explicit `id`, and the id sequence each draws from. */
  readonly ids?: Readonly<Record<string, string>>;
}

/** A seed spec as the registry holds it. */
export interface ErasedSeed {
  readonly ids?: Readonly<Record<string, string>>;
  readonly fields: SeedFields;
  readonly apply: (ctx: never, section: never) => void;
  readonly check?: (accounts: never, issue: (path: readonly (string | number)[], message: string) => void) => void;
  readonly defaults?: Readonly<Record<string, unknown>>;
}

/** A mutant a group offers the conformance kit: one rule of the group broken on purpose. */
export interface GroupMutant<M, N> {
  readonly description: string;
  /** Breaks the rule (typically by swapping one model function) and returns how to undo it. */
  readonly install: (ctx: GroupContext<M, N>) => () => void;
}

export interface Group<
  Name extends string = string,
  M = unknown,
  H extends HookSpecs = HookSpecs,
  P extends PowerTree = PowerTree,
  F extends SeedFields = SeedFields,
> {
  readonly name: Name;
  readonly description: string;
  readonly needs: readonly AnyGroup[];
  readonly hooks: H;
  readonly create: (init: never) => M;
  readonly listen: ((ctx: never) => void) | undefined;
  readonly routes: readonly AnyRoute<never>[];
  readonly publicRoutes: readonly AnyRoute<never>[];
  readonly events: readonly EventDefinition[];
  readonly seed: (ErasedSeed & { readonly fields: F }) | undefined;
  /** How `switchboard seed pull` reads this group's seed sections back from a live account (GET only). */
  readonly pull: PullSpec | undefined;
  readonly sandbox: P;
  readonly mutants: Readonly<Record<string, GroupMutant<never, never>>>;
}

export type AnyGroup = Group<string, unknown, HookSpecs, PowerTree, SeedFields>;

export type ModelOf<G> = G extends Group<string, infer M, HookSpecs, PowerTree, SeedFields> ? M : never;
type HookSpecsOf<G> = G extends Group<string, unknown, infer H, PowerTree, SeedFields> ? H : never;

/** The models of the needed groups, by group name. */
export type NeedsOf<Needs extends readonly AnyGroup[]> = {
  readonly [G in Needs[number] as G['name']]: ModelOf<G>;
};

/** The hooks of the needed groups, by group name. */
export type OnOf<Needs extends readonly AnyGroup[]> = {
  readonly [G in Needs[number] as G['name']]: HooksOf<HookSpecsOf<G>>;
};

/** Powers whose handlers accept this context (a power typed against more needs is refused). */
type PowersBoundTo<C> = {
  readonly [name: string]: { readonly run: (call: never, bound: C) => unknown } | PowersBoundTo<C>;
};

export interface GroupDefinition<
  Name extends string,
  Needs extends readonly AnyGroup[],
  M,
  H extends HookSpecs,
  P extends PowerTree,
  F extends SeedFields,
> {
  readonly name: Name;
  /** One line: what the group holds (the OpenAPI tag description and docs use it). */
  readonly description: string;
  readonly needs: Needs;
  readonly hooks?: H;
  readonly model: (init: ModelInit<NeedsOf<Needs>, HooksOf<H>>) => M;
  readonly listen?: (ctx: ListenContext<M, NeedsOf<Needs>, OnOf<Needs>>) => void;
  readonly routes?: readonly AnyRoute<GroupContext<M, NeedsOf<Needs>>>[];
  /**
   * GET routes served without a key under `/_media` (core/paths.ts `PUBLIC_PREFIX`): files the
   * simulator serves itself, like a CDN's public URLs. Not part of the API or its documents.
   */
  readonly publicRoutes?: readonly AnyRoute<GroupContext<M, NeedsOf<Needs>>>[];
  readonly events?: readonly EventDefinition[];
  readonly seed?: SeedSpec<M, NeedsOf<Needs>, F>;
  /** Its seed sections read back over the public API (`seed pull`); a group without one is reported "not pulled". */
  readonly pull?: PullSpec;
  readonly sandbox?: P & PowersBoundTo<GroupContext<M, NeedsOf<Needs>>>;
  /** Mutants that break this group's rules, for the conformance kit's teeth (control/mutants.ts). */
  readonly mutants?: Readonly<Record<string, GroupMutant<M, NeedsOf<Needs>>>>;
}

export function defineGroup<
  const Name extends string,
  const Needs extends readonly AnyGroup[],
  M,
  H extends HookSpecs = Readonly<Record<never, never>>,
  P extends PowerTree = Readonly<Record<never, never>>,
  F extends SeedFields = Readonly<Record<never, never>>,
>(definition: GroupDefinition<Name, Needs, M, H, P, F>): Group<Name, M, H, P, F> {
  return {
    name: definition.name,
    description: definition.description,
    needs: definition.needs,
    hooks: definition.hooks ?? ({} as H),
    create: definition.model as (init: never) => M,
    listen: definition.listen as ((ctx: never) => void) | undefined,
    routes: (definition.routes ?? []) as readonly AnyRoute<never>[],
    publicRoutes: (definition.publicRoutes ?? []) as readonly AnyRoute<never>[],
    events: definition.events ?? [],
    seed: definition.seed as (ErasedSeed & { readonly fields: F }) | undefined,
    pull: definition.pull,
    sandbox: definition.sandbox ?? ({} as P),
    mutants: (definition.mutants ?? {}) as Readonly<Record<string, GroupMutant<never, never>>>,
  };
}

/**
 * The route builder of a group's `routes.ts`, typed against the group's model and needs:
 *
 *   const route = routesFor<TagsModel>();
 *   export const tagRoutes = [route({ operationId: 'listTags', ..., handler: (req, { model }) => ... })];
 */
/** A route's plan or access gate (`RouteDefinition.gate`), typed against the group's model. */
export type Gate<M, N = unknown> = (caller: Caller, bound: GroupContext<M, N>) => void;

export function routesFor<M, N = unknown>() {
  return <P, Q, B>(route: RouteDefinition<GroupContext<M, N>, P, Q, B>): AnyRoute<GroupContext<M, N>> => eraseRoute(route);
}

/**
 * The seed-spec builder of a group's `seed.ts`, typed against the group's model and needs:
 *
 *   export const tagSeed = seedFor<TagsModel>()({ fields: { tags: ... }, apply: ({ model, accountId, at }, { tags }) => ... });
 */
export function seedFor<M, N = unknown>() {
  return <F extends SeedFields>(spec: SeedSpec<M, N, F>): SeedSpec<M, N, F> => spec;
}
