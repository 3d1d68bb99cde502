/**
 * Whether two JSON-like values read the same: arrays in order, objects by their own keys (a key
 * whose value is undefined counts as absent). Scenario expectations compare bodies with it, and the
 * models ask it "did this PATCH change anything", so that a write that changes nothing leaves
 * `updated_at` where it was.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => sameJson(item, other[index]));
  }
  const left = definedEntries(a as Record<string, unknown>);
  const right = definedEntries(b as Record<string, unknown>);
  return left.length === right.length && left.every(([key, value]) => Object.hasOwn(b, key) && sameJson(value, (b as Record<string, unknown>)[key]));
}

function definedEntries(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(([, item]) => item !== undefined);
}

/** True when some field the patch sends differs from the record's. */
export function patchChanges(record: object, patch: object): boolean {
  const current = record as Record<string, unknown>;
  return Object.entries(patch).some(([key, value]) => value !== undefined && !sameJson(value, current[key]));
}
