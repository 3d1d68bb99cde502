/**
 * The one pagination helper (sections 2.1 and 8): `limit` 1 to 100 (per-route default),
 * `starting_after` takes an opaque cursor, and lists answer `{data, has_more, next_cursor}`.
 *
 * A cursor is `base64url(JSON{l: list, p: position}).checksum`. It is bound to its list, so a
 * cursor from another list is refused, and the checksum makes a tampered cursor a 400 instead of
 * a silent jump. Positions are ids (ids ascend with creation), so a page walk is stable while
 * records are added or deleted between pages.
 */
import { ApiError, invalidParam } from './errors.js';
import { sha256Hex } from './hash.js';
import { lowerBound, type SortedIdView } from '../store/sorted-ids.js';

/** Ascending ids: an index of the store, or a small array built on the spot. */
export type AscendingIds = SortedIdView | readonly number[];

export const MIN_LIMIT = 1;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 25;

export interface PageRequest {
  /** The list the cursor belongs to (the route's operationId). */
  readonly list: string;
  readonly limit: number;
  /** The decoded cursor position, or undefined on the first page. */
  readonly after: unknown;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export function parsePageRequest(
  query: Readonly<Record<string, string>>,
  list: string,
  defaultLimit: number = DEFAULT_LIMIT,
  maxLimit: number = MAX_LIMIT,
): PageRequest {
  let limit = defaultLimit;
  const rawLimit = query['limit'];
  if (rawLimit !== undefined) {
    if (!/^\d{1,6}$/.test(rawLimit)) throw invalidParam('limit', `limit must be an integer from ${MIN_LIMIT} to ${maxLimit}.`);
    limit = Number(rawLimit);
    if (limit < MIN_LIMIT || limit > maxLimit) {
      throw invalidParam('limit', `limit must be an integer from ${MIN_LIMIT} to ${maxLimit}.`);
    }
  }
  const rawCursor = query['starting_after'];
  const after = rawCursor === undefined ? undefined : decodeCursor(list, rawCursor);
  return { list, limit, after };
}

const CURSOR_SALT = 'switchboard-cursor-v1';

function checksum(payload: string): string {
  return sha256Hex(`${CURSOR_SALT}:${payload}`).slice(0, 12);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeCursor(list: string, position: unknown): string {
  const payload = toBase64Url(JSON.stringify({ l: list, p: position }));
  return `${payload}.${checksum(payload)}`;
}

function badCursor(): ApiError {
  return invalidParam('starting_after', 'starting_after is not a cursor this list issued.');
}

export function decodeCursor(list: string, cursor: string): unknown {
  const dot = cursor.lastIndexOf('.');
  if (dot <= 0 || cursor.length > 2048) throw badCursor();
  const payload = cursor.slice(0, dot);
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || checksum(payload) !== cursor.slice(dot + 1)) throw badCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(fromBase64Url(payload));
  } catch {
    throw badCursor();
  }
  if (typeof decoded !== 'object' || decoded === null || (decoded as { l?: unknown }).l !== list) throw badCursor();
  return (decoded as { p?: unknown }).p;
}

/** The list and position of a cursor this simulator issued, whatever list it belongs to. */
export function decodeAnyCursor(cursor: string): { list: string; position: unknown } | undefined {
  const dot = cursor.lastIndexOf('.');
  if (dot <= 0) return undefined;
  try {
    const decoded = JSON.parse(fromBase64Url(cursor.slice(0, dot))) as { l?: unknown; p?: unknown };
    return typeof decoded.l === 'string' ? { list: decoded.l, position: decoded.p } : undefined;
  } catch {
    return undefined;
  }
}

function idPosition(after: unknown): number | undefined {
  if (after === undefined) return undefined;
  if (typeof after !== 'number' || !Number.isSafeInteger(after)) throw badCursor();
  return after;
}

/**
 * Newest first over ascending ids: walks down from just below the cursor, keeping records that
 * pass `filter`, and stops after `limit + 1` matches (the extra one only proves `has_more`).
 */
export function pageNewestFirst<T extends { readonly id: number }, R = T>(
  ids: AscendingIds,
  get: (id: number) => T | undefined,
  page: PageRequest,
  filter?: (record: T) => boolean,
  present?: (record: T) => R,
): Page<R> {
  const after = idPosition(page.after);
  return pageFromWalk(descendingBelow(ids, after), get, page, filter, present);
}

/**
 * One page from ids already walked newest first from the cursor (e.g. an index walk that skips
 * records a filter cannot match): the first `limit + 1` that pass `filter` make the page.
 */
export function pageFromWalk<T extends { readonly id: number }, R = T>(
  walk: Iterable<number>,
  get: (id: number) => T | undefined,
  page: PageRequest,
  filter?: (record: T) => boolean,
  present?: (record: T) => R,
): Page<R> {
  const found: T[] = [];
  for (const id of walk) {
    const record = get(id);
    if (record && (!filter || filter(record))) {
      found.push(record);
      if (found.length > page.limit) break;
    }
  }
  return finish(found, page, present);
}

/** The id a newest-first page starts below (undefined on the first page); a bad cursor is a 400. */
export function cursorId(page: PageRequest): number | undefined {
  return idPosition(page.after);
}

/** The id an oldest-first page starts at (the one after the cursor; undefined on the first page). */
export function cursorIdAfter(page: PageRequest): number | undefined {
  const after = idPosition(page.after);
  return after === undefined ? undefined : after + 1;
}

function* descendingBelow(ids: AscendingIds, below: number | undefined): IterableIterator<number> {
  if (!Array.isArray(ids)) {
    yield* (ids as SortedIdView).descending(below);
    return;
  }
  const list = ids as readonly number[];
  for (let index = (below === undefined ? list.length : lowerBound(list, below)) - 1; index >= 0; index--) yield list[index]!;
}

/** Oldest first over ascending ids (flow events and other chronological reads). */
export function pageOldestFirst<T extends { readonly id: number }, R = T>(
  ids: AscendingIds,
  get: (id: number) => T | undefined,
  page: PageRequest,
  filter?: (record: T) => boolean,
  present?: (record: T) => R,
): Page<R> {
  const after = idPosition(page.after);
  const from = after === undefined ? undefined : after + 1;
  let walk: Iterable<number>;
  if (Array.isArray(ids)) {
    const list = ids as readonly number[];
    walk = list.slice(from === undefined ? 0 : lowerBound(list, from));
  } else {
    walk = (ids as SortedIdView).ascending(from);
  }
  return pageFromWalk(walk, get, page, filter, present);
}

function finish<T extends { readonly id: number }, R>(
  found: T[],
  page: PageRequest,
  present?: (record: T) => R,
): Page<R> {
  const has_more = found.length > page.limit;
  const items = has_more ? found.slice(0, page.limit) : found;
  const last = items[items.length - 1];
  return {
    data: items.map((item) => (present ? present(item) : (item as unknown as R))),
    has_more,
    next_cursor: has_more && last ? encodeCursor(page.list, last.id) : null,
  };
}

/** Newest first over a small array already in ascending id order (sandbox logs). */
export function pageItemsNewestFirst<T extends { readonly id: number }>(items: readonly T[], page: PageRequest): Page<T> {
  const byId = new Map<number, T>();
  for (const item of items) byId.set(item.id, item);
  return pageNewestFirst(
    items.map((item) => item.id),
    (id) => byId.get(id),
    page,
  );
}

/** Whole-set lists (tags, team, custom-field definitions) answer everything in one page. */
export function wholeSet<T>(items: T[]): Page<T> {
  return { data: items, has_more: false, next_cursor: null };
}
