/**
 * Names for the schemas that appear in `/openapi.json` as components. A schema file wraps a
 * resource schema in `named('Contact', ...)`; the builder turns every named schema into
 * `#/components/schemas/<name>` and references it wherever it is used.
 */
import type { z } from 'zod';
export declare function named<T extends z.ZodType>(name: string, schema: T): T;
export declare function namedComponents(): readonly (readonly [string, z.ZodType])[];
