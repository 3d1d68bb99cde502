/**
 * Values for a zod schema, mostly valid ones, read from the schema itself (its `_zod.def`): the
 * generated side of the equivalence property between zod and the copy-free record check
 * (test/record-check.test.ts). Not a faithful generator of every valid value: refinements and
 * formats are approached (a URL for a URL, the regex for a regex), and what still fails zod is a
 * case the property checks all the same.
 */
import fc from 'fast-check';

interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: Record<string, unknown> } }[];
  readonly shape?: Readonly<Record<string, Schema>>;
  readonly catchall?: Schema;
  readonly element?: Schema;
  readonly keyType?: Schema;
  readonly valueType?: Schema;
  readonly innerType?: Schema;
  readonly in?: Schema;
  readonly options?: readonly Schema[];
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly getter?: () => Schema;
  readonly defaultValue?: unknown;
}
interface Schema {
  readonly _zod: { readonly def: Def; readonly values?: ReadonlySet<unknown>; readonly optin?: string };
}

const checkOf = (def: Def, kind: string): Record<string, unknown> | undefined => def.checks?.find((check) => check._zod.def['check'] === kind)?._zod.def;

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const min = (checkOf(def, 'min_length')?.['minimum'] as number | undefined) ?? (checkOf(def, 'length_equals')?.['length'] as number | undefined) ?? 0;
  const max = Math.min((checkOf(def, 'max_length')?.['maximum'] as number | undefined) ?? (checkOf(def, 'length_equals')?.['length'] as number | undefined) ?? 40, min + 40);
  const format = (def.format ?? checkOf(def, 'string_format')?.['format']) as string | undefined;
  const pattern = (def.pattern ?? checkOf(def, 'string_format')?.['pattern']) as RegExp | undefined;
  if (format === 'url') return fc.webUrl();
  if (format === 'email') return fc.emailAddress();
  if (pattern) {
    const limit = (checkOf(def, 'max_length')?.['maximum'] as number | undefined) ?? Number.POSITIVE_INFINITY;
    // Only the schema's own bounds filter (a pattern may make long strings); a miss is a case too.
    return fc.oneof(fc.stringMatching(pattern), fc.stringMatching(pattern).map((text) => (text.length > limit ? text.slice(0, limit) : text))).map((text) => (text.length < min ? text.padEnd(min, 'a') : text));
  }
  // Astral characters too: the string checks count code points.
  return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.string({ minLength: min, maxLength: max, unit: 'binary' }));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const above = checkOf(def, 'greater_than');
  const below = checkOf(def, 'less_than');
  const integer = checkOf(def, 'number_format') !== undefined;
  let min = (above?.['value'] as number | undefined) ?? (integer ? -1_000_000 : -1e6);
  let max = (below?.['value'] as number | undefined) ?? (integer ? 1_000_000_000 : 1e9);
  if (integer) {
    if (above && above['inclusive'] !== true) min += 1;
    if (below && below['inclusive'] !== true) max -= 1;
    return fc.oneof(fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }), fc.constantFrom(min, max));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: above?.['inclusive'] === false, maxExcluded: below?.['inclusive'] === false });
}

/** An arbitrary of (mostly) valid values of `schema`, recursion bounded by `depth`. */
export function arbitraryOf(schema: Schema, depth = 4): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  const values = schema._zod.values;
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
    case 'literal':
      return fc.constantFrom(...[...(values ?? [])]);
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!, depth), { nil: null, freq: 3 });
    case 'optional':
    case 'default':
    case 'readonly':
    case 'catch':
      return arbitraryOf(def.innerType!, depth);
    case 'pipe':
      return arbitraryOf(def.in!, depth);
    case 'lazy':
      return depth <= 0 ? fc.constant(null) : arbitraryOf(def.getter!(), depth - 1);
    case 'array': {
      const min = (checkOf(def, 'min_length')?.['minimum'] as number | undefined) ?? (checkOf(def, 'length_equals')?.['length'] as number | undefined) ?? 0;
      const max = Math.min((checkOf(def, 'max_length')?.['maximum'] as number | undefined) ?? (checkOf(def, 'length_equals')?.['length'] as number | undefined) ?? 3, min + 3);
      return depth <= 0 && min === 0 ? fc.constant([]) : fc.array(arbitraryOf(def.element!, depth - 1), { minLength: min, maxLength: max });
    }
    case 'record':
      return fc.dictionary(arbitraryOf(def.keyType!, depth - 1) as fc.Arbitrary<string>, arbitraryOf(def.valueType!, depth - 1), { maxKeys: depth <= 0 ? 0 : 3 });
    case 'union':
      return fc.oneof(...def.options!.map((option) => arbitraryOf(option, depth)));
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field, depth - 1)]));
      const required = Object.entries(shape).filter(([, field]) => field._zod.optin === undefined).map(([key]) => key);
      return fc.record(entries, { requiredKeys: required });
    }
    default:
      // unknown, any, custom and the rest: some JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A JSON path into a value, and a value of any kind. */
export type Mutation =
  | { readonly kind: 'replace'; readonly pick: number; readonly value: unknown }
  | { readonly kind: 'delete'; readonly pick: number }
  | { readonly kind: 'add'; readonly pick: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'proto'; readonly pick: number };

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(-1, 0, 1.5, 2 ** 53, '', 'x'.repeat(70_000), '\u{1F600}'.repeat(3), [], {}, null, true)) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('id', 'constructor', 'toString')), value: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({ kind: fc.constant('proto' as const), pick: fc.nat() }),
);

/** Every container in `value` (objects and arrays), outermost first. */
function containers(value: unknown, out: (Record<string, unknown> | unknown[])[] = []): (Record<string, unknown> | unknown[])[] {
  if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown> | unknown[]);
    for (const child of Object.values(value)) containers(child, out);
  }
  return out;
}

/** A JSON copy of `value` with one mutation applied (a replaced, removed or added member; an own `__proto__`). */
export function mutate(value: unknown, mutation: Mutation): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  const all = containers(copy);
  if (all.length === 0) return mutation.kind === 'replace' ? mutation.value : copy;
  const target = all[mutation.pick % all.length]!;
  const keys = Object.keys(target);
  const key = keys.length > 0 ? keys[mutation.pick % keys.length]! : undefined;
  switch (mutation.kind) {
    case 'replace':
      if (key !== undefined) (target as Record<string, unknown>)[key] = mutation.value;
      break;
    case 'delete':
      if (Array.isArray(target)) target.pop();
      else if (key !== undefined) delete target[key];
      break;
    case 'add':
      if (Array.isArray(target)) target.push(mutation.value);
      else target[mutation.key] = mutation.value;
      break;
    case 'proto':
      if (!Array.isArray(target)) Object.defineProperty(target, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true });
      break;
  }
  return copy;
}
