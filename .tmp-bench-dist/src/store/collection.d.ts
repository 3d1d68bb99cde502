export interface Entity {
    readonly id: number;
    readonly account_id: number;
}
export type IndexKey = string | readonly string[] | null | undefined;
export interface IndexDefinition<T> {
    readonly key: (record: T) => IndexKey;
    /** A unique index holds at most one record per key; a clash throws (callers check first). */
    readonly unique?: boolean;
}
export type IndexDefinitions<T> = Readonly<Record<string, IndexDefinition<T>>>;
export type UndoSink = (undo: () => void) => void;
export declare class Collection<T extends Entity> {
    readonly name: string;
    private readonly indexes;
    private readonly recordUndo;
    private readonly changed;
    private readonly ownershipBypassed;
    private readonly byId;
    private readonly byAccount;
    private readonly uniques;
    private readonly secondaries;
    constructor(name: string, indexes: IndexDefinitions<T>, recordUndo: UndoSink, changed: () => void, ownershipBypassed?: () => boolean);
    get size(): number;
    get(id: number): T | undefined;
    /** The record, only if it belongs to `accountId`: another account's id reads as missing. */
    getOwned(accountId: number, id: number): T | undefined;
    findUnique(indexName: string, key: string): T | undefined;
    /** Ascending ids of one account's records. Do not modify the array. */
    idsOfAccount(accountId: number): readonly number[];
    /** Ascending ids under one key of a secondary index. Do not modify the array. */
    idsByIndex(indexName: string, key: string): readonly number[];
    countOfAccount(accountId: number): number;
    ofAccount(accountId: number): IterableIterator<T>;
    values(): IterableIterator<T>;
    insert(record: T): T;
    /** Replaces a record with `{...old, ...patch}` (id and account are fixed). */
    update(id: number, patch: Partial<Omit<T, 'id' | 'account_id'>>): T;
    remove(id: number): T | undefined;
    /** Drops everything without undo (used by restore and reset only). */
    clear(): void;
    /** Loads records without undo or change notification (used by restore only). */
    load(records: readonly T[]): void;
    private checkUniques;
    private attach;
    private detach;
}
