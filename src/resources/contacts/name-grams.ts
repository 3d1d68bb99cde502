/**
 * The pieces of a name the `name=` filter of GET /contacts (4.2: substring of the display name,
 * case-insensitive) is answered from (./name-index.ts).
 *
 * A contact is indexed under each distinct substring of 1 to 3 UTF-16 units of its lowercased
 * name. The filter's rule is `name.toLowerCase().includes(query.toLowerCase())`, so:
 * - a query of at most 3 units is itself one of the indexed substrings: its id list is exactly the
 *   matching contacts, in id order, and a page reads only the page;
 * - a longer query matches only contacts holding every one of its 3-unit pieces: the walk takes
 *   the shortest of those id lists and checks each record with the rule itself.
 *
 * A piece is kept as a small integer, not a string: a million contacts have some forty million
 * pieces, and a string each (with the account in it) was most of the start-up time and memory of a
 * large state. Pieces of each length have their own table, so codes only need to be unique within
 * a length, and they stay within V8's small integers (31 bits and a sign), which need no allocation:
 * - 1 unit: its code (0 to 65,535);
 * - 2 units: both codes in one 32-bit integer;
 * - 3 units: when all three codes are under 1,024 (Latin, Greek, Cyrillic, Armenian, Hebrew and
 *   most other alphabets' letters, digits and punctuation), 10 bits each, exactly; otherwise a
 *   31-bit hash of the three, at 2^30 and above. A hash may be shared by two pieces: its id list
 *   is then a superset, which is safe because the list walk checks every record with the rule
 *   itself (./list.ts); it only costs a little speed for those rare pieces.
 */

/** Longest indexed piece: queries up to this length are answered by one id list. */
export const NAME_GRAM_MAX = 3;

/** A piece: its length (1 to 3) and its code in that length's table. */
export interface NameGram {
  readonly size: 1 | 2 | 3;
  readonly code: number;
}

const THREE_EXACT_BELOW = 1024;
const HASHED = 1 << 30;

function triple(a: number, b: number, c: number): number {
  if (a < THREE_EXACT_BELOW && b < THREE_EXACT_BELOW && c < THREE_EXACT_BELOW) return (a << 20) | (b << 10) | c;
  // FNV-1a over the three codes, folded into 30 bits above the exact range.
  let hash = 0x811c9dc5;
  hash = Math.imul(hash ^ a, 0x01000193);
  hash = Math.imul(hash ^ b, 0x01000193);
  hash = Math.imul(hash ^ c, 0x01000193);
  return HASHED | (hash >>> 2);
}

function gramOf(text: string, at: number, size: 1 | 2 | 3): number {
  const a = text.charCodeAt(at);
  if (size === 1) return a;
  const b = text.charCodeAt(at + 1);
  if (size === 2) return (a << 16) | b;
  return triple(a, b, text.charCodeAt(at + 2));
}

/**
 * Calls `each` for every piece of `name` (already lowercased), once per position: a piece that
 * occurs twice is reported twice (adding an id to a set twice, or removing it twice, is harmless
 * and cheaper than remembering which pieces were seen).
 */
export function forEachNameGram(name: string, each: (size: 1 | 2 | 3, code: number) => void): void {
  const length = name.length;
  for (let at = 0; at < length; at++) {
    const a = name.charCodeAt(at);
    each(1, a);
    if (at + 1 >= length) continue;
    const b = name.charCodeAt(at + 1);
    each(2, (a << 16) | b);
    if (at + 2 < length) each(3, triple(a, b, name.charCodeAt(at + 2)));
  }
}

/**
 * The pieces whose id lists hold every match of `query` (already lowercased, not empty): the query
 * itself when it is short, or its 3-unit pieces (a superset each) when it is longer.
 */
export function nameQueryGrams(query: string): NameGram[] {
  if (query.length <= NAME_GRAM_MAX) {
    const size = query.length as 1 | 2 | 3;
    return [{ size, code: gramOf(query, 0, size) }];
  }
  const codes = new Set<number>();
  for (let at = 0; at + NAME_GRAM_MAX <= query.length; at++) codes.add(gramOf(query, at, 3));
  return [...codes].map((code) => ({ size: 3, code }));
}
