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
 * A piece is kept as a number, not a string: a million contacts have some forty million pieces,
 * and a string each (with the account in it) was most of the start-up time and memory of a large
 * state. Each unit counts 1 + its code (so "a" and "a\0" differ) in base 65,537: three units stay
 * under 2^49, well inside a safe integer.
 */

/** Longest indexed piece: queries up to this length are answered by one id list exactly. */
export const NAME_GRAM_MAX = 3;

const BASE = 65_537;

/** The code of `text.slice(at, at + size)` (size 1 to 3). */
function gramCode(text: string, at: number, size: number): number {
  let code = 0;
  for (let i = size - 1; i >= 0; i--) code = code * BASE + text.charCodeAt(at + i) + 1;
  return code;
}

/**
 * Calls `each` once per distinct piece of `name` (already lowercased). `seen` is scratch space
 * the caller owns, cleared here: the index calls this for every contact of a large state, and a
 * fresh Set per contact would be garbage a million times over.
 */
export function forEachNameGram(name: string, seen: Set<number>, each: (code: number) => void): void {
  seen.clear();
  for (let size = 1; size <= NAME_GRAM_MAX; size++) {
    for (let at = 0; at + size <= name.length; at++) {
      const code = gramCode(name, at, size);
      if (seen.has(code)) continue;
      seen.add(code);
      each(code);
    }
  }
}

/**
 * The pieces whose id lists hold every match of `query` (already lowercased, not empty): one piece
 * that is exact for a short query, or the query's 3-unit pieces (a superset each) for a longer one.
 */
export function nameQueryGrams(query: string): { codes: number[]; exact: boolean } {
  if (query.length <= NAME_GRAM_MAX) return { codes: [gramCode(query, 0, query.length)], exact: true };
  const codes = new Set<number>();
  for (let at = 0; at + NAME_GRAM_MAX <= query.length; at++) codes.add(gramCode(query, at, NAME_GRAM_MAX));
  return { codes: [...codes], exact: false };
}
