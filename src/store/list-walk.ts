/**
 * Where a newest-first filtered list starts walking (GET /contacts, /conversations,
 * /flow-sessions): the shortest id list among the filters that have an index, or, when an
 * `updated_since`-style threshold is given and no such list is short, the account's ids with
 * their updated time beside them, skipping every chunk that holds nothing recent enough
 * (sorted-ids.ts `descendingAtLeast`). Either way the walk reads about a page's worth of records
 * for a selective filter, at 1M records as at 1k. The caller still checks every filter per record.
 */
import type { SortedIdView } from './sorted-ids.js';

/**
 * An id list this short is cheaper to walk whole than the threshold walk of the account (which
 * may visit a chunk per match); above it, the threshold leads.
 */
export const SHORT_LIST = 2048;

export function newestFirstWalk(
  /** The account's ids; must be keyed (Collection `accountKey`) when `minKey` is given. */
  account: SortedIdView,
  /** The id lists of the filters given (each a superset of the matches). */
  lists: readonly SortedIdView[],
  /** Walk ids below this one (the cursor); undefined on the first page. */
  below: number | undefined,
  /** The threshold on the account's key (e.g. updated_since in ms); undefined when not filtered. */
  minKey: number | undefined,
): Iterable<number> {
  let shortest: SortedIdView | undefined;
  for (const list of lists) if (shortest === undefined || list.length < shortest.length) shortest = list;
  if (minKey !== undefined && (shortest === undefined || shortest.length > SHORT_LIST)) return account.descendingAtLeast(minKey, below);
  return (shortest ?? account).descending(below);
}
