/**
 * A restore's record check without the copy: zod's `safeParse` of an object builds a new object
 * (and a new array, a new record) for every record it accepts, so loading a million contacts
 * through it held two copies of them at once (about 650 MB each) and spent seconds building the
 * second. This walks the same schema and answers one question of the raw parsed record: would
 * zod accept it AND give back a value equal to it? When yes, the store keeps the raw record; when
 * no, store/rules.ts asks zod itself, whose answer (its error, or its output) is used exactly as
 * before. So this may only be stricter than zod, never laxer, and the verdict a restore gives is
 * zod's in every case.
 *
 * How it stays exact: zod's own code does every check. Leaves (strings, numbers, enums, literals,
 * custom values...) are run through the schema's own `_zod.run`, which allocates no copy for
 * them; only containers (object, array, record, nullable, optional, union) are walked here,
 * following zod's semantics for which keys a value must, may and may not have, and each
 * container's own checks (refinements, lengths) are zod's check functions called on the raw
 * value. A schema holding anything else (a transform, a pipe, a default, a lazy schema, a record
 * keyed by an enum) compiles to `undefined`, and that collection is checked by zod alone.
 * Proved against zod per collection by a generated property (src/store/record-check.test.ts).
 */

/** The slice of zod 4's internals this reads (`schema._zod`); typed here so nothing is `any`. */
interface ZodPayload {
  value: unknown;
  issues: unknown[];
}
interface ZodContext {
  readonly async: false;
}
interface ZodCheckInternals {
  readonly def: { readonly check?: string; readonly when?: (payload: ZodPayload) => boolean };
  readonly check: (payload: ZodPayload) => void | Promise<void>;
}
interface ZodCheckLike {
  readonly _zod: ZodCheckInternals;
}
interface ZodDef {
  readonly type: string;
  readonly checks?: readonly ZodCheckLike[];
  readonly shape?: Readonly<Record<string, Inspectable>>;
  readonly catchall?: Inspectable;
  readonly element?: Inspectable;
  readonly keyType?: Inspectable;
  readonly valueType?: Inspectable;
  readonly mode?: string;
  readonly innerType?: Inspectable;
  readonly options?: readonly Inspectable[];
  readonly coerce?: boolean;
}
interface Inspectable {
  readonly _zod: {
    readonly def: ZodDef;
    readonly traits: ReadonlySet<string>;
    readonly optin?: 'optional' | 'defaulted';
    readonly optout?: 'optional';
    readonly values?: ReadonlySet<unknown>;
    readonly check?: (payload: ZodPayload) => void | Promise<void>;
    run(payload: ZodPayload, context: ZodContext): ZodPayload | Promise<ZodPayload>;
  };
}

/** Says whether zod would accept `value` and give back a value equal to it. */
export type RecordCheck = (value: unknown) => boolean;

interface Compiled {
  readonly check: RecordCheck;
  /** This check's "no" is also zod's "no" (a union needs it to know which option zod picks). */
  readonly exact: boolean;
}

/** What `safeParse` passes down (zod/v4/core/parse.js). */
const CONTEXT: ZodContext = Object.freeze({ async: false });

/** Types whose `_zod.run` checks a value in place: it returns the same value, never a copy. */
const LEAF_TYPES = new Set(['string', 'number', 'boolean', 'null', 'enum', 'literal', 'unknown', 'any', 'never', 'custom', 'template_literal']);

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** True when something added an enumerable member to Object.prototype: then no object is read here. */
export function prototypePolluted(): boolean {
  for (const key in {}) if (key !== undefined) return true;
  return false;
}

const compiledSchemas = new WeakMap<object, RecordCheck | null>();

/** The copy-free check of `schema` (cached per schema), or undefined when zod must check it itself. */
export function recordCheckOf(schema: object): RecordCheck | undefined {
  let compiled = compiledSchemas.get(schema);
  if (compiled === undefined) {
    compiled = compile(schema as Inspectable)?.check ?? null;
    compiledSchemas.set(schema, compiled);
  }
  return compiled ?? undefined;
}

function compile(schema: Inspectable): Compiled | undefined {
  const def = schema._zod.def;
  if (LEAF_TYPES.has(def.type)) return compileLeaf(schema);
  // A container that is itself a check, or has a check that may rewrite the value, is zod's alone.
  if (schema._zod.traits.has('$ZodCheck') || def.checks?.some((check) => check._zod.def.check === 'overwrite')) return undefined;
  let compiled: Compiled | undefined;
  switch (def.type) {
    case 'object':
      compiled = compileObject(def);
      break;
    case 'array':
      compiled = compileArray(def);
      break;
    case 'record':
      compiled = compileRecord(def);
      break;
    case 'nullable':
      compiled = compileNullable(def);
      break;
    case 'optional':
      compiled = compileOptional(def);
      break;
    case 'union':
      compiled = compileUnion(def);
      break;
    default:
      return undefined;
  }
  return compiled && withChecks(compiled, def.checks ?? []);
}

/**
 * A leaf. The common ones (a string, number, boolean or null with the built-in checks, an enum,
 * a literal) are answered here with zod's own tests, inlined; any other leaf, check or coercion
 * goes through zod's own parse and checks, on a payload reused from call to call, accepted when
 * zod reports nothing and left the value as it was.
 */
function compileLeaf(schema: Inspectable): Compiled {
  const internals = schema._zod;
  const inlined = internals.def.coerce === true ? undefined : inlineLeaf(schema);
  if (inlined) return { check: inlined, exact: true };
  let payload: ZodPayload = { value: undefined, issues: [] };
  const check = (value: unknown): boolean => {
    payload.value = value;
    let result: ZodPayload | Promise<ZodPayload>;
    try {
      result = internals.run(payload, CONTEXT);
    } catch {
      payload = { value: undefined, issues: [] };
      return false;
    }
    if (result !== payload || payload.issues.length > 0 || !Object.is(payload.value, value)) {
      payload = { value: undefined, issues: [] };
      return false;
    }
    return true;
  };
  return { check, exact: internals.def.coerce !== true };
}

/** zod's default `when` of its length checks: true for every string, so it need not be called. */
const DEFAULT_LENGTH_WHEN = '_whenHasLength';

/**
 * The test of one built-in check, as zod's check function makes it (zod/v4/core/checks.js), or
 * undefined for any other check. String lengths count code points in zod: a count of UTF-16 units
 * decides most strings at once (a code point is one or two units); the rest go to zod's check.
 */
function inlineCheck(check: ZodCheckLike, type: 'string' | 'number'): ((value: never) => boolean) | undefined {
  const definition = check._zod.def as Record<string, unknown>;
  const when = definition['when'] as { name?: string } | undefined;
  const zodCheck = (value: unknown): boolean => {
    const payload: ZodPayload = { value, issues: [] };
    return check._zod.check(payload) === undefined && payload.issues.length === 0;
  };
  if (type === 'string') {
    if (when !== undefined && when.name !== DEFAULT_LENGTH_WHEN && definition['check'] !== 'string_format') return undefined;
    switch (definition['check']) {
      case 'max_length': {
        const maximum = definition['maximum'] as number;
        return (value: string) => value.length <= maximum || zodCheck(value);
      }
      case 'min_length': {
        const minimum = definition['minimum'] as number;
        return (value: string) => (value.length >= minimum * 2 ? true : value.length < minimum ? false : zodCheck(value));
      }
      case 'string_format': {
        const pattern = definition['pattern'];
        if (definition['format'] !== 'regex' || !(pattern instanceof RegExp) || when !== undefined) return undefined;
        // The last string that matched is remembered: a loaded state's records mostly repeat
        // their neighbours' timestamps (often the very same string, ../core/json-repeats.ts),
        // so the pattern runs once per run of equal values.
        let lastMatched: string | undefined;
        return (value: string) => {
          if (value === lastMatched) return true;
          pattern.lastIndex = 0;
          if (!pattern.test(value)) return false;
          lastMatched = value;
          return true;
        };
      }
      default:
        return undefined;
    }
  }
  if (when !== undefined) return undefined;
  switch (definition['check']) {
    case 'greater_than': {
      const bound = definition['value'];
      if (typeof bound !== 'number') return undefined;
      return definition['inclusive'] === true ? (value: number) => value >= bound : (value: number) => value > bound;
    }
    case 'less_than': {
      const bound = definition['value'];
      if (typeof bound !== 'number') return undefined;
      return definition['inclusive'] === true ? (value: number) => value <= bound : (value: number) => value < bound;
    }
    case 'number_format':
      // safeint: an integer within ±(2^53 - 1), zod's range for the format.
      return definition['format'] === 'safeint' ? (value: number) => Number.isSafeInteger(value) : undefined;
    default:
      return undefined;
  }
}

function inlineLeaf(schema: Inspectable): RecordCheck | undefined {
  const internals = schema._zod;
  const definition = internals.def;
  if (internals.traits.has('$ZodCheck')) return undefined;
  const type = definition.type;
  if (type === 'enum' || type === 'literal') {
    const values = internals.values;
    if (!values || (definition.checks?.length ?? 0) > 0) return undefined;
    return (value) => values.has(value);
  }
  if (type === 'boolean' || type === 'null') {
    if ((definition.checks?.length ?? 0) > 0) return undefined;
    return type === 'boolean' ? (value) => typeof value === 'boolean' : (value) => value === null;
  }
  if (type !== 'string' && type !== 'number') return undefined;
  const tests: ((value: never) => boolean)[] = [];
  for (const check of definition.checks ?? []) {
    const test = inlineCheck(check, type);
    if (!test) return undefined;
    tests.push(test);
  }
  const isType = type === 'string' ? (value: unknown) => typeof value === 'string' : (value: unknown) => typeof value === 'number' && Number.isFinite(value);
  if (tests.length === 0) return isType;
  if (tests.length === 1) {
    const only = tests[0]!;
    return (value) => isType(value) && only(value as never);
  }
  return (value) => {
    if (!isType(value)) return false;
    for (const test of tests) if (!test(value as never)) return false;
    return true;
  };
}

/** A container's own checks (array lengths, refinements), as zod's runChecks calls them, on the raw value. */
function withChecks(compiled: Compiled, checks: readonly ZodCheckLike[]): Compiled {
  if (checks.length === 0) return compiled;
  const inner = compiled.check;
  const check = (value: unknown): boolean => {
    if (!inner(value)) return false;
    const payload: ZodPayload = { value, issues: [] };
    for (const entry of checks) {
      const when = entry._zod.def.when;
      try {
        if (when && !when(payload)) continue;
        if (entry._zod.check(payload) instanceof Promise) return false;
      } catch {
        return false;
      }
      if (payload.issues.length > 0 || payload.value !== value) return false;
    }
    return true;
  };
  return { check, exact: compiled.exact };
}

interface Property {
  readonly key: string;
  readonly check: RecordCheck;
  /** Absent is fine and adds nothing to zod's output (`optional`, not `default`). */
  readonly omittable: boolean;
}

/**
 * zod's object: every declared key run (absent only if optional), then the keys it does not
 * declare: refused when strict; dropped from its output when not (so refused here: the raw record
 * would keep them); run through the catchall when loose.
 */
function compileObject(definition: ZodDef): Compiled | undefined {
  const shape = definition.shape ?? {};
  const properties: Property[] = [];
  for (const key of Object.keys(shape)) {
    if (key === '__proto__') return undefined;
    const field = shape[key]!;
    const compiled = compile(field);
    if (!compiled) return undefined;
    const { optin, optout } = field._zod;
    if (optin === 'defaulted' || (optin !== undefined && optout !== 'optional')) return undefined;
    properties.push({ key, check: compiled.check, omittable: optin === 'optional' });
  }
  const declared = new Set(properties.map((property) => property.key));
  const catchallType = definition.catchall?._zod.def.type;
  const catchall = definition.catchall && catchallType !== 'never' ? compile(definition.catchall) : undefined;
  if (definition.catchall && catchallType !== 'never' && !catchall) return undefined;
  const check = (value: unknown): boolean => {
    // Plain objects only (JSON's): with Object.prototype unpolluted (store/rules.ts makes sure),
    // a member that reads as defined is an own one.
    if (!isPlainObject(value)) return false;
    let present = 0;
    for (const property of properties) {
      const member = value[property.key];
      if (member !== undefined) {
        if (!property.check(member)) return false;
        present++;
      } else if (!property.omittable || hasOwn(value, property.key)) {
        // Missing, or present as undefined: zod's answer differs or is an error.
        return false;
      }
    }
    let keys = 0;
    for (const key in value) {
      keys++;
      if (catchall && !declared.has(key) && (key === '__proto__' || !hasOwn(value, key) || !catchall.check(value[key]))) return false;
    }
    return catchall ? true : keys === present;
  };
  // Not exact: objects that are not plain (no prototype, a class) and undeclared keys of a
  // non-strict object (dropped by zod, or `__proto__` skipped) are refused here, not by zod.
  return { check, exact: false };
}

function compileArray(definition: ZodDef): Compiled | undefined {
  const element = definition.element && compile(definition.element);
  if (!element) return undefined;
  const elementCheck = element.check;
  const check = (value: unknown): boolean => {
    if (!Array.isArray(value)) return false;
    for (let index = 0; index < value.length; index++) {
      const element = value[index];
      if ((element === undefined && !(index in value)) || !elementCheck(element)) return false;
    }
    return true;
  };
  return { check, exact: element.exact };
}

/**
 * zod's record with a key type that lists no values (z.string() and its checks): every own key
 * and its value run; an own `__proto__` would be skipped by zod (refused here).
 */
function compileRecord(definition: ZodDef): Compiled | undefined {
  const keyType = definition.keyType;
  if (!keyType || keyType._zod.values !== undefined || definition.mode === 'loose' || !LEAF_TYPES.has(keyType._zod.def.type)) return undefined;
  const key = compileLeaf(keyType);
  const entry = definition.valueType && compile(definition.valueType);
  if (!entry) return undefined;
  const keyCheck = key.check;
  const valueCheck = entry.check;
  const check = (value: unknown): boolean => {
    if (!isPlainObject(value)) return false;
    for (const name in value) {
      if (name === '__proto__' || !hasOwn(value, name) || !keyCheck(name) || !valueCheck(value[name])) return false;
    }
    return true;
  };
  return { check, exact: false };
}

function compileNullable(definition: ZodDef): Compiled | undefined {
  const inner = definition.innerType && compile(definition.innerType);
  if (!inner) return undefined;
  const innerCheck = inner.check;
  return { check: (value) => value === null || innerCheck(value), exact: inner.exact };
}

function compileOptional(definition: ZodDef): Compiled | undefined {
  const innerType = definition.innerType;
  const inner = innerType && compile(innerType);
  if (!inner || innerType._zod.optin === 'defaulted') return undefined;
  const innerCheck = inner.check;
  return { check: (value) => value === undefined || innerCheck(value), exact: inner.exact };
}

/**
 * zod's union keeps the first option that accepts. An option accepted here is zod's pick only if
 * zod refuses every option before it: a "no" from an exact option is zod's "no"; from another,
 * zod is asked (and if zod accepts that earlier option, its output may differ: refused here).
 */
function compileUnion(definition: ZodDef): Compiled | undefined {
  const options: { readonly schema: Inspectable; readonly compiled: Compiled }[] = [];
  for (const option of definition.options ?? []) {
    const compiled = compile(option);
    if (!compiled) return undefined;
    options.push({ schema: option, compiled });
  }
  const check = (value: unknown): boolean => {
    for (const { schema, compiled } of options) {
      if (compiled.check(value)) return true;
      if (!compiled.exact && zodAccepts(schema, value)) return false;
    }
    return false;
  };
  return { check, exact: options.every((option) => option.compiled.exact) };
}

function zodAccepts(schema: Inspectable, value: unknown): boolean {
  try {
    const result = schema._zod.run({ value, issues: [] }, CONTEXT);
    return result instanceof Promise || result.issues.length === 0;
  } catch {
    return true;
  }
}
