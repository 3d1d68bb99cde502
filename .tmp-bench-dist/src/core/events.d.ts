/**
 * The event journal: an append-only log per account. Every state change the spec ties to an
 * event appends here inside the request's transaction; subscribers (webhook delivery, the TUI
 * tail, tests) hear about it only after the transaction committed, so a failed request emits
 * nothing.
 */
import type { Collection, Entity } from '../store/collection.js';
import type { Store } from '../store/store.js';
import type { VirtualClock } from './clock.js';
export interface EventRecord extends Entity {
    readonly type: string;
    readonly created_at: string;
    readonly created_ms: number;
    readonly data: Record<string, unknown>;
}
/** The public shape of an event (journal reads, webhook bodies). */
export interface PublicEvent {
    id: string;
    type: string;
    created_at: string;
    account_id: number;
    data: Record<string, unknown>;
}
export declare function eventPublicId(id: number): string;
export declare function presentEvent(event: EventRecord): PublicEvent;
export type EventListener = (event: EventRecord) => void;
export declare class EventJournal {
    private readonly store;
    private readonly records;
    private readonly clock;
    private readonly listeners;
    constructor(store: Store, records: Collection<EventRecord>, clock: VirtualClock);
    emit(accountId: number, type: string, data: Record<string, unknown>): EventRecord;
    subscribe(listener: EventListener): () => void;
    /** One account's events, oldest first, after an event id. */
    list(accountId: number, options?: {
        after?: number;
        limit?: number;
        type?: string;
    }): EventRecord[];
    get(accountId: number, id: number): EventRecord | undefined;
}
