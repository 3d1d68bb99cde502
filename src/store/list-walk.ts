/**
 * Where a filtered list starts walking: newest first (GET /contacts, /conversations,
 * /flow-sessions, /appointments, /knowledge-gaps, /comments, /posts) or oldest first
 * (GET /flow-events, a session's events).
 *
 * The walk goes down (or up) the shortest id list among the filters that have an index. With a
 * threshold (`updated_since`, `since`) it skips every chunk and block holding nothing recent
 * enough (sorted-ids.ts `descendingAtLeast` / `ascendingAtLeast`): on the shortest list when that
 * list is keyed (the index carries the collection's account key), else on the account's keyed
 * ids when no filter list is short. Either way the walk reads about a page's worth of records for
 * a selective filter, at 1M records as at 1k. The caller still checks every filter per record,
 * so each list only has to be a superset of the matches (combined filters: the most selective
 * list is walked, the others are checked on the records it yields).
 */
import type { SortedIdView } from './sorted-ids.js';

/**
 * An unkeyed id list this short is cheaper to walk whole than the threshold walk of the account
 * (which may visit a chunk per match); above it, the threshold leads.
 */
export const SHORT_LIST = 2048;

function shortestOf(lists: readonly SortedIdView[]): SortedIdView | undefined {
  let shortest: SortedIdView | undefined;
  for (const list of lists) if (shortest === undefined || list.length < shortest.length) shortest = list;
  return shortest;
}

/** The list to walk and whether to skip by the threshold on it. */
function chooseWalk(account: SortedIdView, lists: readonly SortedIdView[], minKey: number | undefined): { list: SortedIdView; byKey: boolean } {
  const shortest = shortestOf(lists);
  if (minKey === undefined) return { list: shortest ?? account, byKey: false };
  if (shortest?.keyed) return { list: shortest, byKey: true };
  if (shortest === undefined || shortest.length > SHORT_LIST) return { list: account, byKey: true };
  return { list: shortest, byKey: false };
}

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
  const { list, byKey } = chooseWalk(account, lists, minKey);
  return byKey ? list.descendingAtLeast(minKey!, below) : list.descending(below);
}

/** The oldest-first twin: ids at or above `from` (the id after the cursor), ascending. */
export function oldestFirstWalk(
  account: SortedIdView,
  lists: readonly SortedIdView[],
  from: number | undefined,
  minKey: number | undefined,
): Iterable<number> {
  const { list, byKey } = chooseWalk(account, lists, minKey);
  return byKey ? list.ascendingAtLeast(minKey!, from) : list.ascending(from);
}
