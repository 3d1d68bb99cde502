import { lowerBound } from '../store/sorted-ids.js';
export function eventPublicId(id) {
    return `evt_${String(id).padStart(8, '0')}`;
}
export function presentEvent(event) {
    return {
        id: eventPublicId(event.id),
        type: event.type,
        created_at: event.created_at,
        account_id: event.account_id,
        data: event.data,
    };
}
export class EventJournal {
    store;
    records;
    clock;
    listeners = new Set();
    constructor(store, records, clock) {
        this.store = store;
        this.records = records;
        this.clock = clock;
    }
    emit(accountId, type, data) {
        const now = this.clock.now();
        const event = this.records.insert({
            id: this.store.nextId('event'),
            account_id: accountId,
            type,
            created_at: this.clock.iso(now),
            created_ms: now,
            data,
        });
        this.store.afterCommit(() => {
            for (const listener of this.listeners)
                listener(event);
        });
        return event;
    }
    subscribe(listener) {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }
    /** One account's events, oldest first, after an event id. */
    list(accountId, options = {}) {
        const ids = this.records.idsOfAccount(accountId);
        const limit = options.limit ?? 100;
        const out = [];
        const start = options.after === undefined ? 0 : lowerBound(ids, options.after + 1);
        for (let i = start; i < ids.length; i++) {
            const id = ids[i];
            const event = this.records.get(id);
            if (!event || (options.type && event.type !== options.type))
                continue;
            out.push(event);
            if (out.length >= limit)
                break;
        }
        return out;
    }
    get(accountId, id) {
        return this.records.getOwned(accountId, id);
    }
}
//# sourceMappingURL=events.js.map