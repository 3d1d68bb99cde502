/**
 * Makes equal strings in consecutive array elements one string, right after they are parsed.
 *
 * `JSON.parse` gives every string value longer than a few characters its own copy: a state of a
 * million contacts holds six timestamps per contact, mostly the same few values, as six million
 * separate 25-character strings (about 300 of a contact's ~690 bytes of heap). Sharing them cut
 * the heap of a 200k-contact state from 139 to 79 MB, and since it runs while the copies are
 * still young, the garbage collector never copies the duplicates into the old generation
 * (measured in docs/decisions.md, "Start-up at scale, second pass").
 *
 * Only an element's own top-level members are looked at, and a string is replaced only by an
 * equal one: the value built is the same, only its memory differs. Candidates are the previous
 * element's member of the same name, then the last few distinct strings of this element
 * (`created_at` and `updated_at` of one record are often equal). No map of every string is kept:
 * that would cost a hash per string and memory of its own, and consecutive records are where the
 * repeats are.
 */

/** Strings this short are shared by the engine's parser already (it internalizes them). */
const SHORTEST_SHARED = 11;

export class RepeatedStrings {
  /** The last object element seen (the previous record). */
  private previous: Record<string, unknown> | undefined;

  /** Replaces strings of each object element of `values` by equal strings already held. */
  share(values: readonly unknown[]): void {
    // `for...in` is about twice as fast as Object.keys here (no array per record), but it also
    // lists what an altered Object.prototype adds (a parsed object's prototype): then own keys only.
    const keysOf = prototypeAltered() ? Object.keys : undefined;
    let previous = this.previous;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const record = value as Record<string, unknown>;
      if (keysOf === undefined) shareMembers(record, previous);
      else shareOwnMembers(record, previous, keysOf(record));
      previous = record;
    }
    this.previous = previous;
  }
}

function prototypeAltered(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/** The recent distinct strings of one element, newest first. */
interface Recent {
  first: string | undefined;
  second: string | undefined;
  third: string | undefined;
}

function shareMembers(record: Record<string, unknown>, previous: Record<string, unknown> | undefined): void {
  const recent: Recent = { first: undefined, second: undefined, third: undefined };
  for (const key in record) shareMember(record, key, previous, recent);
}

function shareOwnMembers(record: Record<string, unknown>, previous: Record<string, unknown> | undefined, keys: readonly string[]): void {
  const recent: Recent = { first: undefined, second: undefined, third: undefined };
  for (let k = 0; k < keys.length; k++) shareMember(record, keys[k]!, previous, recent);
}

function shareMember(record: Record<string, unknown>, key: string, previous: Record<string, unknown> | undefined, recent: Recent): void {
  const text = record[key];
  if (typeof text !== 'string' || text.length < SHORTEST_SHARED || key === '__proto__') return;
  const before = previous === undefined ? undefined : previous[key];
  if (before === text) record[key] = before;
  else if (recent.first === text) record[key] = recent.first;
  else if (recent.second === text) record[key] = recent.second;
  else if (recent.third === text) record[key] = recent.third;
  else {
    recent.third = recent.second;
    recent.second = recent.first;
    recent.first = text;
  }
}
