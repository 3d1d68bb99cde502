/**
 * The default registry's seed format and embedded default seed, typed: what `serve`, `seed
 * export` and tests start from.
 */
import type { z } from 'zod';
import { registry, type Registry } from '../resources/index.js';
import { defaultSeedOf } from './defaults.js';
import { parseJsonText, parseSeedWith } from './parse.js';
import { seedSchemaOf, type SeedFileSchema } from './schema.js';

/** The seed file schema of the default registry. */
export const SeedFile = seedSchemaOf(registry);

export type SeedFileInput = z.input<SeedFileSchema<Registry>>;
export type SeedFileData = z.output<SeedFileSchema<Registry>>;

/** The embedded default seed (a fresh copy each call). */
export function defaultSeed(): SeedFileInput {
  return defaultSeedOf(registry) as SeedFileInput;
}

export function parseSeed(value: unknown): SeedFileData {
  return parseSeedWith(SeedFile, value);
}

export function parseSeedText(text: string): SeedFileData {
  return parseSeed(parseJsonText(text));
}
