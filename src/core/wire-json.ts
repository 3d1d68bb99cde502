/**
 * Response bodies to JSON text, reusing the text of representations that cannot change.
 *
 * Serialising one contact (about 600 bytes) cost as much as the rest of `GET /contacts/{id}` put
 * together, and over HTTP every microsecond of the simulator's own work costs several more in
 * scheduling on a busy machine (docs/decisions.md, "Serialising a representation once"). A model
 * that hands out the same representation many times seals it with `sealForWire`: the value is
 * deep-frozen, so its text can be computed on first use and kept as long as the value lives.
 * `bodyToJson` produces exactly what `JSON.stringify(body)` would, using the kept text where it can.
 */

/** Sealed values, with their JSON text once something serialised them. */
const sealed = new WeakMap<object, string | null>();
/** The whole text of `{"data": value}` per sealed value: the one-resource answer, written as one flat string. */
const dataEnvelopes = new WeakMap<object, string>();

/** Deep-freezes a plain JSON value and marks it as safe to serialise once. Returns the value. */
export function sealForWire<T extends object>(value: T): Readonly<T> {
  deepFreeze(value);
  sealed.set(value, null);
  return value;
}

export function isSealed(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sealed.has(value);
}

/**
 * `JSON.stringify(body)`, except that sealed values at most two levels down (`{data: contact}`,
 * `{data: [contact, ...], has_more, next_cursor}`) contribute their kept text, and the whole text
 * of a `{data: contact}` answer is kept too (one flat string to write, nothing to join). Bodies
 * without a sealed `data` go straight to `JSON.stringify`, so other responses pay one property read.
 */
export function bodyToJson(body: unknown): string {
  if (typeof body !== 'object' || body === null || !holdsSealedData(body)) return JSON.stringify(body);
  const data: unknown = (body as { data: unknown }).data;
  if (!isSealed(data) || !isDataOnly(body)) return valueToJson(body, 2)!;
  let text = dataEnvelopes.get(data as object);
  if (text === undefined) {
    text = valueToJson(body, 2)!;
    dataEnvelopes.set(data as object, text);
  }
  return text;
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

function holdsSealedData(body: object): boolean {
  const data: unknown = (body as { data?: unknown }).data;
  return isSealed(data) || (Array.isArray(data) && data.length > 0 && isSealed(data[0]));
}

/** Like `JSON.stringify(value)`: `undefined` for what JSON cannot hold (undefined, functions). */
function valueToJson(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const kept = sealed.get(value);
  if (kept !== undefined) {
    if (kept !== null) return kept;
    const text = JSON.stringify(value);
    sealed.set(value, text);
    return text;
  }
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
