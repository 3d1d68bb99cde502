/**
 * The event journal: an append-only log per account. Every state change the spec ties to an
 * event appends here inside the request's transaction; subscribers (webhook delivery, the TUI
 * tail, tests) hear about it only after the transaction committed, so a failed request emits
 * nothing.
 *
 * Bounded (issue 12 item 5; docs/decisions.md, "Bounded event journal"): the journal serves the
 * last 24 hours of virtual time (`EVENT_WINDOW_MS`), and holds at most `EVENT_KEEP_PER_ACCOUNT`
 * events per account (pruned back to that, oldest first, once `EVENT_PRUNE_SLACK` more have
 * piled up, so the cost of pruning is spread over many events). An event some other record still
 * needs is kept whatever its age: a webhook delivery that is queued, retrying or in the delivery
 * log (redelivery sends the same event again) holds on to it (`retainWhile`). Each event keeps
 * its payload as it was emitted, so nothing served changes shape; what is bounded is how many.
 */
import { z } from 'zod';
import type { Collection, Entity } from '../store/collection.js';
import type { RecordRules } from '../store/rules.js';
import { TIMESTAMP_PATTERN } from './clock.js';
import { jsonOverBounds } from './json-bounds.js';
import type { Store } from '../store/store.js';
import type { VirtualClock } from './clock.js';

/** What `/_sandbox/events` serves: events of the last 24 hours of virtual time. */
export const EVENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most events one account's journal keeps (plus the slack below, and events still needed). */
export const EVENT_KEEP_PER_ACCOUNT = 10_000;
/** How far past the cap an account's journal grows before it is pruned back in one go. */
export const EVENT_PRUNE_SLACK = 1_000;
/** How often (virtual time) an account's journal is checked for events past the window. */
const AGE_PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface EventRecord extends Entity {
  readonly type: string;
  /** When the thing happened: the instant of the emit, or the due instant of scheduled work that a clock jump ran late (`emit`'s `occurredMs`). */
  readonly created_at: string;
  /**
   * When the journal recorded it (virtual time): what the 24-hour window and pruning read, so an
   * event a jump recorded is served for a day after the jump, and ids and these times grow together.
   */
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

/** `${account_id}:${type}`: `/_sandbox/events?type=` reads one type's ids without scanning the rest. */
export const eventIndexes = {
  type: { key: (event: EventRecord) => typeKey(event.account_id, event.type) },
};

/** An account's events come in runs of the same type: the last key is kept rather than rebuilt per event. */
let lastTypeAccount = 0;
let lastType = '';
let lastTypeKey = '0:';

function typeKey(accountId: number, type: string): string {
  if (accountId !== lastTypeAccount || type !== lastType) {
    lastTypeKey = `${accountId}:${type}`;
    lastTypeAccount = accountId;
    lastType = type;
  }
  return lastTypeKey;
}

export class EventJournal {
  private readonly listeners = new Set<EventListener>();
  private readonly retainers: ((event: EventRecord) => boolean)[] = [];
  /** Per account, the virtual instant its journal was last checked for events past the window. */
  private readonly agePrunedAt = new Map<number, number>();

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

  /**
   * Appends an event. A name no group declared is a bug in the emitter, not the caller's mistake.
   * `occurredMs`: when it happened, if earlier than now (work a clock jump ran at its due instant,
   * docs/decisions.md "Scheduled posts' events at their due instants"); never later than now.
   */
  emit(accountId: number, type: string, data: Record<string, unknown>, occurredMs?: number): EventRecord {
    if (!this.catalogue.has(type)) throw new Error(`event ${type} is not in the catalogue: declare it in its group's events.ts`);
    const now = this.clock.now();
    const event = this.records.insert({
      id: this.store.nextId('event'),
      account_id: accountId,
      type,
      created_at: this.clock.iso(occurredMs === undefined ? now : Math.min(occurredMs, now)),
      created_ms: now,
      data,
    });
    this.prune(accountId, now);
    this.store.afterCommit(() => {
      for (const listener of this.listeners) listener(event);
    });
    return event;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps every event `needed` says yes to, whatever its age or the account's count (a webhook
   * delivery's event: a snapshot must still hold what its deliveries refer to).
   */
  retainWhile(needed: (event: EventRecord) => boolean): void {
    this.retainers.push(needed);
  }

  /**
   * One account's events of the last 24 hours, oldest first, after an event id. With `type`,
   * only that type's ids are read (an index), never the rest of the journal.
   */
  list(accountId: number, options: { after?: number; limit?: number; type?: string } = {}): EventRecord[] {
    const ids = options.type ? this.records.idsByIndex('type', `${accountId}:${options.type}`) : this.records.idsOfAccount(accountId);
    const limit = options.limit ?? 100;
    const since = this.clock.now() - EVENT_WINDOW_MS;
    const out: EventRecord[] = [];
    for (const id of ids.ascending(options.after === undefined ? undefined : options.after + 1)) {
      const event = this.records.get(id);
      // Past the window (kept only because a webhook delivery still needs it): not served.
      if (!event || event.created_ms < since) continue;
      out.push(event);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * Drops the account's events past the cap or the window, oldest first, except those still
   * needed. Runs when the journal is `EVENT_PRUNE_SLACK` over the cap, or an hour (virtual) after
   * the last age check: amortised, a constant cost per event.
   */
  private prune(accountId: number, now: number): void {
    const ids = this.records.idsOfAccount(accountId);
    const overCap = ids.length > EVENT_KEEP_PER_ACCOUNT + EVENT_PRUNE_SLACK;
    const lastAgeCheck = this.agePrunedAt.get(accountId);
    const ageDue = lastAgeCheck === undefined || now - lastAgeCheck >= AGE_PRUNE_EVERY_MS || now < lastAgeCheck;
    if (!overCap && !ageDue) return;
    if (ageDue) this.agePrunedAt.set(accountId, now);
    const first = ids.first();
    const oldest = first === undefined ? undefined : this.records.get(first);
    if (!overCap && (oldest === undefined || oldest.created_ms >= now - EVENT_WINDOW_MS)) return;
    const since = now - EVENT_WINDOW_MS;
    let excess = ids.length - EVENT_KEEP_PER_ACCOUNT;
    // Only the ids that go are gathered (removing while walking would move the walk), not a copy
    // of the whole journal: that copy, 11,000 ids once per 1,000 events, was most of what an
    // event cost to allocate.
    const doomed: number[] = [];
    for (const id of ids) {
      const event = this.records.get(id)!;
      const expired = event.created_ms < since;
      if (excess <= 0 && !expired) {
        // Ids and times both grow, except across a clock set back: stop at the first young one.
        break;
      }
      if (this.retained(event)) continue;
      doomed.push(id);
      excess--;
    }
    this.records.removeMany(doomed);
  }

  /** Whether a retainer still needs the event (a loop, not `some`: no closure per pruned event). */
  private retained(event: EventRecord): boolean {
    for (const needed of this.retainers) if (needed(event)) return true;
    return false;
  }

  get(accountId: number, id: number): EventRecord | undefined {
    return this.records.getOwned(accountId, id);
  }
}
