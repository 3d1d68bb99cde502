/**
 * The fixture (seed) format (docs/fixtures.md): the accounts a simulator starts with and, inside
 * each account, one section per resource group. The format is not written here: every group
 * declares its own fields (its `seed.ts`), and the account object is their union, built from
 * the registry. No logic beyond that assembly.
 */
import { z } from 'zod';
import type { AnyGroup, Group, SeedFields } from '../groups/define.js';
import { RegistryError } from '../groups/compose.js';
import type { HookSpecs } from '../core/hooks.js';
import type { PowerTree } from '../control/power.js';

export const SEED_FORMAT = 'switchboard-seed';

type SeedFieldsOf<G> = G extends Group<string, unknown, HookSpecs, PowerTree, infer F> ? F : never;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The fields of a seed account: every group's, together. */
export type SeedAccountFields<G extends readonly AnyGroup[]> = AsShape<UnionToIntersection<SeedFieldsOf<G[number]>>>;
type AsShape<T> = T extends SeedFields ? T : never;

export type SeedFileSchema<G extends readonly AnyGroup[]> = z.ZodObject<{
  format: z.ZodLiteral<typeof SEED_FORMAT>;
  version: z.ZodLiteral<1>;
  accounts: z.ZodArray<z.ZodObject<SeedAccountFields<G>, z.core.$strict>>;
}>;

/** The seed file schema of a registry. A field two groups declare is an error naming it. */
export function seedSchemaOf<const G extends readonly AnyGroup[]>(groups: G): SeedFileSchema<G> {
  const fields: Record<string, z.ZodType> = {};
  const owners = new Map<string, string>();
  for (const group of groups) {
    for (const [name, schema] of Object.entries(group.seed?.fields ?? {})) {
      const owner = owners.get(name);
      if (owner !== undefined) throw new RegistryError(`Seed field ${name} is declared by ${owner} and ${group.name}.`);
      owners.set(name, group.name);
      fields[name] = schema as z.ZodType;
    }
  }
  const checks = groups.flatMap((group) => {
    const check = group.seed?.check as
      | ((accounts: readonly Record<string, unknown>[], issue: (path: readonly (string | number)[], message: string) => void) => void)
      | undefined;
    return check ? [check] : [];
  });
  const schema = z
    .strictObject({
      format: z.literal(SEED_FORMAT),
      version: z.literal(1),
      accounts: z.array(z.strictObject(fields)).min(1),
    })
    .superRefine((seed, ctx) => {
      for (const check of checks) {
        check(seed.accounts, (path, message) => ctx.addIssue({ code: 'custom', path: ['accounts', ...path], message }));
      }
    });
  return schema as unknown as SeedFileSchema<G>;
}
