/**
 * Ascending arrays of ids. Ids come from global sequences, so a new record's id is nearly always
 * the largest and `insert` is a push; binary search covers the rest.
 */
export declare function lowerBound(ids: readonly number[], id: number): number;
export declare function insertSorted(ids: number[], id: number): void;
export declare function removeSorted(ids: number[], id: number): void;
