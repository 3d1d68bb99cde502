/**
 * The mutant catalogue of a registry: the simulator's own (control/mutants.ts) and every group's.
 * The conformance kit's teeth test switches each one on and expects the kit to fail.
 */
import { CORE_MUTANTS } from '../control/mutants.js';
import type { AnyGroup } from '../groups/define.js';
import { registry } from '../resources/index.js';

export function mutantCatalogueOf(groups: readonly AnyGroup[]): Readonly<Record<string, string>> {
  const catalogue: Record<string, string> = { ...CORE_MUTANTS };
  for (const group of groups) for (const [name, mutant] of Object.entries(group.mutants)) catalogue[name] = mutant.description;
  return catalogue;
}

/** Every mutant of the default registry, with what it breaks. */
export const MUTANTS = mutantCatalogueOf(registry);

export type MutantName = string;

export const MUTANT_NAMES: readonly MutantName[] = Object.keys(MUTANTS);

export function isMutantName(name: string): name is MutantName {
  return Object.hasOwn(MUTANTS, name);
}
