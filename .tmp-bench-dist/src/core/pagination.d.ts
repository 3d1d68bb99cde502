export declare const MIN_LIMIT = 1;
export declare const MAX_LIMIT = 100;
export declare const DEFAULT_LIMIT = 25;
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
export declare function parsePageRequest(query: Readonly<Record<string, string>>, list: string, defaultLimit?: number, maxLimit?: number): PageRequest;
export declare function encodeCursor(list: string, position: unknown): string;
export declare function decodeCursor(list: string, cursor: string): unknown;
/**
 * Newest first over ascending ids: walks down from just below the cursor, keeping records that
 * pass `filter`, and stops after `limit + 1` matches (the extra one only proves `has_more`).
 */
export declare function pageNewestFirst<T extends {
    readonly id: number;
}, R = T>(ids: readonly number[], get: (id: number) => T | undefined, page: PageRequest, filter?: (record: T) => boolean, present?: (record: T) => R): Page<R>;
/** Oldest first over ascending ids (flow events and other chronological reads). */
export declare function pageOldestFirst<T extends {
    readonly id: number;
}, R = T>(ids: readonly number[], get: (id: number) => T | undefined, page: PageRequest, filter?: (record: T) => boolean, present?: (record: T) => R): Page<R>;
/** Whole-set lists (tags, team, custom-field definitions) answer everything in one page. */
export declare function wholeSet<T>(items: T[]): Page<T>;
