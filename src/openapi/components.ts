/**
 * Names for the schemas that appear in `/openapi.json` as components. A schema file wraps a
 * resource schema in `named('Contact', ...)`; the builder turns every named schema into
 * `#/components/schemas/<name>` and references it wherever it is used.
 */
import type { z } from 'zod';

const components: [string, z.ZodType][] = [];
const names = new Set<string>();

export function named<T extends z.ZodType>(name: string, schema: T): T {
  if (names.has(name)) throw new Error(`component ${name} is named twice`);
  names.add(name);
  components.push([name, schema]);
  return schema;
}

export function namedComponents(): readonly (readonly [string, z.ZodType])[] {
  return components;
}
