/**
 * A query parameter sent twice (`?limit=1&limit=2`, `?channel=sms&channel=telegram`) is ambiguous:
 * the spec gives no list syntax, so neither "the first wins" nor "either matches" is something a
 * caller could rely on. A parameter the route reads answers 400 `invalid_param` naming it; one it
 * does not read stays ignored, as every unknown parameter is (tracking strings repeat freely).
 */
import { z } from 'zod';
import { ApiError } from './errors.js';
import type { MountedRoute } from './route.js';

/** The cursor parameters every paged list reads (pagination.ts), beside its own query schema. */
const PAGE_PARAMETERS = ['limit', 'starting_after'] as const;

/** Built on first use per route: repeats are rare, so nothing is paid until one arrives. */
const namesByRoute = new WeakMap<MountedRoute, ReadonlySet<string>>();

export function refuseRepeatedQuery(route: MountedRoute, repeated: readonly string[]): void {
  const read = parametersRead(route);
  const name = repeated.find((candidate) => read.has(candidate));
  if (name === undefined) return;
  throw new ApiError('invalid_param', `The query parameter ${name} was sent more than once; send it once.`, { param: name });
}

function parametersRead(route: MountedRoute): ReadonlySet<string> {
  let names = namesByRoute.get(route);
  if (!names) {
    const declared = new Set(route.query ? keysOf(route.query) : []);
    if (route.list && !route.list.wholeSet) for (const name of PAGE_PARAMETERS) declared.add(name);
    names = declared;
    namesByRoute.set(route, names);
  }
  return names;
}

/** The field names of an object schema, looking through a transform's input side. */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType);
  return [];
}
