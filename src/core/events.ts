/**
 * The event journal: an append-only log per account. Every state change the spec ties to an
 * event appends here inside the request's transaction; subscribers (webhook delivery, the TUI
 * tail, tests) hear about it only after the transaction committed, so a failed request emits
 * nothing.
 */
import { z } from 'zod';
import type { Collection, Entity } from '../store/collection.js';
import type { RecordRules } from '../store/rules.js';
import { TIMESTAMP_PATTERN } from './clock.js';
import { jsonOverBounds } from './json-bounds.js';
import type { Store } from '../store/store.js';
import type { VirtualClock } from './clock.js';

export interface EventRecord extends Entity {
  readonly type: string;
  readonly created_at: string;
  readonly created_ms: number;
  readonly data: Record<string, unknown>;
}

/**
 * A restored event must be one the journal could have written: a known shape, and data within
 * bounds that serialise (a state that cannot be snapshotted again must not load).
 */
export const eventRules: RecordRules<EventRecord> = {
  schema: z.strictObject({
    id: z.number().int().positive(),
    account_id: z.number().int().positive(),
    type: z.string().min(1).max(100),
    created_at: z.string().regex(TIMESTAMP_PATTERN),
    created_ms: z.number().int().min(0),
    data: z
      .record(z.string(), z.unknown())
      .refine((data) => jsonOverBounds(data, { maxDepth: 64, maxBytes: 1024 * 1024 }) === null, 'event data too deep or too large'),
  }),
  sequence: 'event',
};

/** The public shape of an event (journal reads, webhook bodies). */
export interface PublicEvent {
  id: string;
  type: string;
  created_at: string;
  account_id: number;
  data: Record<string, unknown>;
}

export function eventPublicId(id: number): string {
  return `evt_${String(id).padStart(8, '0')}`;
}

export function presentEvent(event: EventRecord): PublicEvent {
  return {
    id: eventPublicId(event.id),
    type: event.type,
    created_at: event.created_at,
    account_id: event.account_id,
    data: event.data,
  };
}

export type EventListener = (event: EventRecord) => void;

export class EventJournal {
  private readonly listeners = new Set<EventListener>();

  constructor(
    private readonly store: Store,
    private readonly records: Collection<EventRecord>,
    private readonly clock: VirtualClock,
    /** Every event name the registry's groups declare. */
    private readonly catalogue: ReadonlySet<string>,
    /** Per event, the extra fields that hold message text (payload profiles leave them out). */
    private readonly textFields: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {}

  textFieldsOf(type: string): readonly string[] {
    return this.textFields.get(type) ?? [];
  }

  isCatalogued(type: string): boolean {
    return this.catalogue.has(type);
  }

  /** Appends an event. A name no group declared is a bug in the emitter, not the caller's mistake. */
  emit(accountId: number, type: string, data: Record<string, unknown>): EventRecord {
    if (!this.catalogue.has(type)) throw new Error(`event ${type} is not in the catalogue: declare it in its group's events.ts`);
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
      for (const listener of this.listeners) listener(event);
    });
    return event;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One account's events, oldest first, after an event id. */
  list(accountId: number, options: { after?: number; limit?: number; type?: string } = {}): EventRecord[] {
    const ids = this.records.idsOfAccount(accountId);
    const limit = options.limit ?? 100;
    const out: EventRecord[] = [];
    for (const id of ids.ascending(options.after === undefined ? undefined : options.after + 1)) {
      const event = this.records.get(id);
      if (!event || (options.type && event.type !== options.type)) continue;
      out.push(event);
      if (out.length >= limit) break;
    }
    return out;
  }

  get(accountId: number, id: number): EventRecord | undefined {
    return this.records.getOwned(accountId, id);
  }
}
