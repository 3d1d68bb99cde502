/**
 * Response bodies to JSON text, reusing the text of representations that cannot change.
 *
 * Serialising one contact (about 600 bytes) cost as much as the rest of `GET /contacts/{id}` put
 * together, and over HTTP every microsecond of the simulator's own work costs several more in
 * scheduling on a busy machine (docs/decisions.md, "Benchmarks"). A model
 * that hands out the same representation many times seals it with `sealForWire`: the value is
 * deep-frozen, so its text can be computed on first use and kept as long as the value lives.
 * `bodyToJson` produces exactly what `JSON.stringify(body)` would, using the kept text where it can.
 */

/**
 * The kept text of a sealed value, in a non-enumerable symbol slot of the value itself: JSON,
 * `Object.keys`, spreads and test equality all ignore it. (A WeakMap cost more: one identity hash
 * and one ephemeron per new representation, on every write.)
 */
const WIRE = Symbol('switchboard.wire');

interface WireText {
  /** The sealed value itself: an object that merely inherits the slot is not sealed. */
  readonly owner: object;
  /** `JSON.stringify(value)`, once something serialised it. */
  text: string | undefined;
  /** `{"data":<text>}`: the whole one-resource answer, reused as it is. */
  dataEnvelope: string | undefined;
}

/** Deep-freezes a plain JSON value and marks it as safe to serialise once (sealing twice is a no-op). */
export function sealForWire<T extends object>(value: T): Readonly<T> {
  if (wireOf(value) !== undefined) return value;
  const slot: WireText = { owner: value, text: undefined, dataEnvelope: undefined };
  Object.defineProperty(value, WIRE, { value: slot });
  deepFreeze(value);
  return value;
}

export function isSealed(value: unknown): boolean {
  return wireOf(value) !== undefined;
}

function wireOf(value: unknown): WireText | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const slot = (value as { [WIRE]?: WireText })[WIRE];
  return slot !== undefined && slot.owner === value ? slot : undefined;
}

function textOf(value: object, slot: WireText): string {
  return (slot.text ??= JSON.stringify(value));
}

/**
 * `JSON.stringify(body)`, except that sealed values at most two levels down (`{data: contact}`,
 * `{data: [contact, ...], has_more, next_cursor}`) contribute their kept text, and the whole text
 * of a `{data: contact}` answer is kept too (one string to write, nothing to join). Bodies
 * without a sealed `data` go straight to `JSON.stringify`, so other responses pay one property read.
 */
export function bodyToJson(body: unknown): string {
  if (typeof body !== 'object' || body === null) return JSON.stringify(body);
  const data: unknown = (body as { data?: unknown }).data;
  const slot = wireOf(data);
  if (slot !== undefined && isDataOnly(body)) return (slot.dataEnvelope ??= `{"data":${textOf(data as object, slot)}}`);
  if (slot !== undefined || (Array.isArray(data) && data.length > 0 && isSealed(data[0]))) return valueToJson(body, 2)!;
  return JSON.stringify(body);
}

/** `{data}` and nothing else: its text depends on `data` alone. */
function isDataOnly(body: object): boolean {
  if (!isPlainContainer(body) || Array.isArray(body)) return false;
  let count = 0;
  for (const key in body) {
    if (!Object.hasOwn(body, key) || ++count > 1) return false;
  }
  return count === 1;
}

/** Like `JSON.stringify(value)`: `undefined` for what JSON cannot hold (undefined, functions). */
function valueToJson(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const slot = wireOf(value);
  if (slot !== undefined) return textOf(value, slot);
  if (depth === 0 || !isPlainContainer(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value as unknown[]) items.push(valueToJson(item, depth - 1) ?? 'null');
    return `[${items.join(',')}]`;
  }
  const members: string[] = [];
  for (const key of Object.keys(value)) {
    const text = valueToJson((value as Record<string, unknown>)[key], depth - 1);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

/** Arrays and plain objects without `toJSON`: the ones whose JSON is their own members'. */
function isPlainContainer(value: object): boolean {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A value frozen already is taken as frozen all the way down (that is what sealing leaves behind). */
function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  // for-in rather than Object.values: no array per object on the write path, where every new
  // representation is sealed once.
  for (const key in value) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null) deepFreeze(member);
  }
}
