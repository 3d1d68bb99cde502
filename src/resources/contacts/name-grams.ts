/**
 * The `name=` filter of GET /contacts (4.2: substring of the display name, case-insensitive) as an
 * index instead of a scan of the account.
 *
 * Every contact is indexed under each distinct substring of 1 to 3 UTF-16 units of its lowercased
 * name. The filter's rule is `name.toLowerCase().includes(query.toLowerCase())`, so:
 * - a query of at most 3 units is itself one of the indexed substrings: its id list is exactly the
 *   matching contacts, in id order, and a page reads only the page;
 * - a longer query matches only contacts holding every one of its 3-unit pieces: the walk takes
 *   the shortest of those id lists and checks each record with the rule itself.
 */

/** Longest indexed piece: queries up to this length are answered by one id list exactly. */
export const NAME_GRAM_MAX = 3;

export const nameGramKey = (accountId: number, gram: string): string => `${accountId}|${gram}`;

/** The index keys of a contact's name: each distinct 1- to 3-unit piece of the lowercased name. */
export function nameGramKeys(accountId: number, name: string | null): string[] | null {
  if (name === null || name.length === 0) return null;
  const lower = name.toLowerCase();
  const grams = new Set<string>();
  for (let size = 1; size <= NAME_GRAM_MAX; size++) {
    for (let at = 0; at + size <= lower.length; at++) grams.add(lower.slice(at, at + size));
  }
  const keys: string[] = [];
  for (const gram of grams) keys.push(nameGramKey(accountId, gram));
  return keys;
}

/**
 * The index keys whose id lists hold every match of `query` (already lowercased): one key that is
 * exact for a short query, or the query's 3-unit pieces (a superset each) for a longer one.
 */
export function nameQueryKeys(accountId: number, query: string): { keys: string[]; exact: boolean } {
  if (query.length <= NAME_GRAM_MAX) return { keys: [nameGramKey(accountId, query)], exact: true };
  const keys = new Set<string>();
  for (let at = 0; at + NAME_GRAM_MAX <= query.length; at++) keys.add(nameGramKey(accountId, query.slice(at, at + NAME_GRAM_MAX)));
  return { keys: [...keys], exact: false };
}
