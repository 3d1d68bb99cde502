/**
 * One typed, indexed, in-memory collection (ARCHITECTURE.md decision 2).
 *
 * - `byId`: Map lookup, O(1).
 * - per account: ascending ids, so lists walk newest-first without sorting.
 * - unique indexes for natural keys (the key function includes the account).
 * - secondary indexes (possibly multi-valued, e.g. one entry per tag) for list filters.
 *
 * Every write goes through insert/update/remove, which keep the indexes in step and hand an undo
 * action to the store's open transaction, so a request that fails half-way changes nothing.
 * Records are replaced, never mutated in place: callers treat what they read as read-only.
 */
import { insertSorted, removeSorted } from './sorted-ids.js';
const EMPTY = Object.freeze([]);
function keysOf(key) {
    if (key === null || key === undefined)
        return EMPTY;
    return typeof key === 'string' ? [key] : key;
}
export class Collection {
    name;
    indexes;
    recordUndo;
    changed;
    ownershipBypassed;
    byId = new Map();
    byAccount = new Map();
    uniques = new Map();
    secondaries = new Map();
    constructor(name, indexes, recordUndo, changed, ownershipBypassed = () => false) {
        this.name = name;
        this.indexes = indexes;
        this.recordUndo = recordUndo;
        this.changed = changed;
        this.ownershipBypassed = ownershipBypassed;
        for (const [indexName, definition] of Object.entries(indexes)) {
            if (definition.unique)
                this.uniques.set(indexName, new Map());
            else
                this.secondaries.set(indexName, new Map());
        }
    }
    get size() {
        return this.byId.size;
    }
    get(id) {
        return this.byId.get(id);
    }
    /** The record, only if it belongs to `accountId`: another account's id reads as missing. */
    getOwned(accountId, id) {
        const record = this.byId.get(id);
        return record && (record.account_id === accountId || this.ownershipBypassed()) ? record : undefined;
    }
    findUnique(indexName, key) {
        const index = this.uniques.get(indexName);
        if (!index)
            throw new Error(`${this.name}: no unique index ${indexName}`);
        const id = index.get(key);
        return id === undefined ? undefined : this.byId.get(id);
    }
    /** Ascending ids of one account's records. Do not modify the array. */
    idsOfAccount(accountId) {
        return this.byAccount.get(accountId) ?? EMPTY;
    }
    /** Ascending ids under one key of a secondary index. Do not modify the array. */
    idsByIndex(indexName, key) {
        const index = this.secondaries.get(indexName);
        if (!index)
            throw new Error(`${this.name}: no secondary index ${indexName}`);
        return index.get(key) ?? EMPTY;
    }
    countOfAccount(accountId) {
        return this.idsOfAccount(accountId).length;
    }
    *ofAccount(accountId) {
        for (const id of this.idsOfAccount(accountId)) {
            const record = this.byId.get(id);
            if (record)
                yield record;
        }
    }
    values() {
        return this.byId.values();
    }
    insert(record) {
        if (this.byId.has(record.id))
            throw new Error(`${this.name}: duplicate id ${record.id}`);
        this.checkUniques(record, undefined);
        this.attach(record);
        this.recordUndo(() => this.detach(record));
        this.changed();
        return record;
    }
    /** Replaces a record with `{...old, ...patch}` (id and account are fixed). */
    update(id, patch) {
        const previous = this.byId.get(id);
        if (!previous)
            throw new Error(`${this.name}: update of missing id ${id}`);
        const next = { ...previous, ...patch, id: previous.id, account_id: previous.account_id };
        this.checkUniques(next, previous);
        this.detach(previous);
        this.attach(next);
        this.recordUndo(() => {
            this.detach(next);
            this.attach(previous);
        });
        this.changed();
        return next;
    }
    remove(id) {
        const previous = this.byId.get(id);
        if (!previous)
            return undefined;
        this.detach(previous);
        this.recordUndo(() => this.attach(previous));
        this.changed();
        return previous;
    }
    /** Drops everything without undo (used by restore and reset only). */
    clear() {
        this.byId.clear();
        this.byAccount.clear();
        for (const index of this.uniques.values())
            index.clear();
        for (const index of this.secondaries.values())
            index.clear();
    }
    /** Loads records without undo or change notification (used by restore only). */
    load(records) {
        for (const record of records)
            this.attach(record);
    }
    checkUniques(record, previous) {
        for (const [indexName, index] of this.uniques) {
            for (const key of keysOf(this.indexes[indexName].key(record))) {
                const holder = index.get(key);
                if (holder !== undefined && holder !== previous?.id) {
                    throw new Error(`${this.name}: unique index ${indexName} already holds ${key}`);
                }
            }
        }
    }
    attach(record) {
        this.byId.set(record.id, record);
        let accountIds = this.byAccount.get(record.account_id);
        if (!accountIds)
            this.byAccount.set(record.account_id, (accountIds = []));
        insertSorted(accountIds, record.id);
        for (const [indexName, index] of this.uniques) {
            for (const key of keysOf(this.indexes[indexName].key(record)))
                index.set(key, record.id);
        }
        for (const [indexName, index] of this.secondaries) {
            for (const key of keysOf(this.indexes[indexName].key(record))) {
                let ids = index.get(key);
                if (!ids)
                    index.set(key, (ids = []));
                insertSorted(ids, record.id);
            }
        }
    }
    detach(record) {
        this.byId.delete(record.id);
        const accountIds = this.byAccount.get(record.account_id);
        if (accountIds)
            removeSorted(accountIds, record.id);
        for (const [indexName, index] of this.uniques) {
            for (const key of keysOf(this.indexes[indexName].key(record))) {
                if (index.get(key) === record.id)
                    index.delete(key);
            }
        }
        for (const [indexName, index] of this.secondaries) {
            for (const key of keysOf(this.indexes[indexName].key(record))) {
                const ids = index.get(key);
                if (!ids)
                    continue;
                removeSorted(ids, record.id);
                if (ids.length === 0)
                    index.delete(key);
            }
        }
    }
}
//# sourceMappingURL=collection.js.map