/**
 * Builds a simulator's parts from the registry: checks the need order, creates every group's
 * model in that order (each sees only the models it declared), wires hooks, binds routes and
 * sandbox powers to their group, and gathers the event catalogue and the seed format.
 *
 * This is the one place where descriptors are handled with their types erased; what a group's
 * own code sees stays typed (./define.ts).
 */
import { createHooks, type Hook } from '../core/hooks.js';
import { mountRoutes, type AnyRoute, type MountedRoute } from '../core/route.js';
import type { MutantDefinition } from '../control/mutants.js';
import { powerFunction, powerRoute, powersOf, type Power } from '../control/power.js';
import type { EventDefinition } from './events.js';
import type { AnyGroup, GroupContext } from './define.js';
import type { CoreServices } from './services.js';

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

type LiveHooks = Readonly<Record<string, Hook<unknown[], unknown>>>;

export interface GroupInstance {
  readonly group: AnyGroup;
  readonly context: GroupContext<unknown, Readonly<Record<string, unknown>>>;
  readonly hooks: LiveHooks;
}

/** The need graph's first cycle through `start`, as names, or undefined. */
function cycleFrom(start: AnyGroup): string[] | undefined {
  const path: AnyGroup[] = [];
  const visit = (group: AnyGroup): string[] | undefined => {
    const at = path.findIndex((other) => other.name === group.name);
    if (at !== -1) return [...path.slice(at), group].map((g) => g.name);
    path.push(group);
    for (const need of group.needs) {
      const cycle = visit(need);
      if (cycle) return cycle;
    }
    path.pop();
    return undefined;
  };
  return visit(start);
}

/**
 * The registry is ordered by need: every group comes after the groups it needs. A missing need,
 * a cycle, a misordering or a repeated name is an error that names the groups.
 */
export function checkRegistry(groups: readonly AnyGroup[]): void {
  const position = new Map<string, number>();
  groups.forEach((group, index) => {
    if (position.has(group.name)) throw new RegistryError(`Two groups are named ${group.name}.`);
    position.set(group.name, index);
  });
  groups.forEach((group, index) => {
    for (const need of group.needs) {
      const at = position.get(need.name);
      if (at === undefined) throw new RegistryError(`Group ${group.name} needs ${need.name}, which is not in the registry.`);
      if (at >= index) {
        const cycle = cycleFrom(group);
        if (cycle) throw new RegistryError(`Circular need: ${cycle.join(' -> ')}.`);
        throw new RegistryError(`Group ${group.name} needs ${need.name}, which comes after it: list ${need.name} first.`);
      }
    }
  });
}

/** Creates every group's model in registry order and wires the hooks. */
export function instantiateGroups(groups: readonly AnyGroup[], core: CoreServices): GroupInstance[] {
  checkRegistry(groups);
  const byName = new Map<string, GroupInstance>();
  const instances: GroupInstance[] = [];
  for (const group of groups) {
    const needs: Record<string, unknown> = {};
    const on: Record<string, LiveHooks> = {};
    for (const need of group.needs) {
      const instance = byName.get(need.name)!;
      needs[need.name] = instance.context.model;
      on[need.name] = instance.hooks;
    }
    const hooks = createHooks(group.hooks) as LiveHooks;
    const create = group.create as (init: { core: CoreServices; needs: Record<string, unknown>; hooks: LiveHooks }) => unknown;
    const model = create({ core, needs, hooks });
    const listen = group.listen as ((ctx: { model: unknown; needs: Record<string, unknown>; on: Record<string, LiveHooks>; core: CoreServices }) => void) | undefined;
    listen?.({ model, needs, on, core });
    const instance: GroupInstance = { group, context: { model, needs, core }, hooks };
    byName.set(group.name, instance);
    instances.push(instance);
  }
  return instances;
}

/** Every API route of the groups, as declared (for documents and route tables). */
export function apiRoutesOf(groups: readonly AnyGroup[]): AnyRoute<never>[] {
  return groups.flatMap((group) => group.routes);
}

/** Every API route bound to its group's context: what the API router serves. */
export function mountApiRoutes(instances: readonly GroupInstance[]): MountedRoute[] {
  return instances.flatMap((instance) => mountRoutes(instance.group.routes as readonly AnyRoute<unknown>[], instance.context));
}

/** Every public route of the groups (files served without a key), as declared. */
export function publicRoutesOf(groups: readonly AnyGroup[]): AnyRoute<never>[] {
  return groups.flatMap((group) => group.publicRoutes);
}

/** Every public route bound to its group's context: what the `/_media` router serves. */
export function mountPublicRoutes(instances: readonly GroupInstance[]): MountedRoute[] {
  return instances.flatMap((instance) => mountRoutes(instance.group.publicRoutes as readonly AnyRoute<unknown>[], instance.context));
}

/** Every sandbox power of the groups with its `sim.sandbox` name. */
export function powersOfGroups(groups: readonly AnyGroup[]): { name: string; power: Power<never, unknown> }[] {
  return groups.flatMap((group) => powersOf(group.sandbox));
}

/** The control-plane routes of a set of powers, bound to their owner's context. */
export function mountPowers(powers: readonly Power<never, unknown>[], bound: unknown): MountedRoute[] {
  return mountRoutes(
    powers.map((power) => powerRoute(power as Power<unknown, unknown>)),
    bound,
  );
}

export function mountGroupPowers(instances: readonly GroupInstance[]): MountedRoute[] {
  return instances.flatMap((instance) =>
    mountPowers(
      powersOf(instance.group.sandbox).map((entry) => entry.power),
      instance.context,
    ),
  );
}

/**
 * Adds each power's function to `tree` under its dotted name (`webhooks.idle` lands in
 * `tree.webhooks.idle`). Two powers with one name are an error naming it.
 */
export function addPowerFunctions(
  tree: Record<string, unknown>,
  powers: readonly { name: string; power: Power<never, unknown> }[],
  bound: unknown,
  core: Pick<CoreServices, 'store'>,
): void {
  for (const { name, power } of powers) {
    const parts = name.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined) node[part] = {};
      else if (typeof next !== 'object' || next === null) throw new RegistryError(`Sandbox function ${name} clashes with ${part}.`);
      node = node[part] as Record<string, unknown>;
    }
    const leaf = parts[parts.length - 1]!;
    if (leaf in node) throw new RegistryError(`Two sandbox powers are named ${name}.`);
    node[leaf] = powerFunction(power as Power<unknown, unknown>, bound, core.store);
  }
}

/** The `sim.sandbox` functions of every group. */
export function groupSandboxFunctions(instances: readonly GroupInstance[], core: Pick<CoreServices, 'store'>, tree: Record<string, unknown>): void {
  for (const instance of instances) addPowerFunctions(tree, powersOf(instance.group.sandbox), instance.context, core);
}

/** Every group's mutants, bound to the group: name -> what it breaks and how. */
export function groupMutantsOf(instances: readonly GroupInstance[]): Map<string, MutantDefinition> {
  const mutants = new Map<string, MutantDefinition>();
  for (const instance of instances) {
    for (const [name, mutant] of Object.entries(instance.group.mutants)) {
      if (mutants.has(name)) throw new RegistryError(`Two mutants are named ${name} (group ${instance.group.name}).`);
      const install = mutant.install as (ctx: GroupInstance['context']) => () => void;
      mutants.set(name, { description: mutant.description, install: () => install(instance.context) });
    }
  }
  return mutants;
}

/** Every event the groups emit, in registry order; a name declared twice is an error. */
export function eventCatalogueOf(groups: readonly AnyGroup[]): EventDefinition[] {
  const seen = new Set<string>();
  const catalogue: EventDefinition[] = [];
  for (const group of groups) {
    for (const event of group.events) {
      if (seen.has(event.name)) throw new RegistryError(`Event ${event.name} is declared twice (group ${group.name}).`);
      seen.add(event.name);
      catalogue.push(event);
    }
  }
  return catalogue;
}
