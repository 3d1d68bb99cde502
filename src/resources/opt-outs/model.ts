/**
 * Opt-outs (2.15, 4.9). Two sources share one list: SMS (`sms:<n>`, one record per phone number,
 * STOP opts out and START opts back in) and Meta-style channels (`meta:<n>`, one record per
 * person and scope, never opted back in through the API). `recorded_at` moves on every change and
 * is the sort field, so the cursor is an opaque (recorded_at, id) position, not an id.
 *
 * Which opt-outs stop what (docs/decisions.md): an SMS opt-out or a Meta `all` stops every send
 * and an owner claim; `broadcast` also stops API sends (business-initiated); `comment_dm` stops
 * private replies to comments.
 */
import { ApiError, invalidParam } from '../../core/errors.js';
import { parseDuration } from '../../core/duration.js';
import { encodeCursor, type Page, type PageRequest } from '../../core/pagination.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ThreadPerson } from '../conversations/model.js';
import { z } from 'zod';
import { Channel as ChannelSchema, EpochMs, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { OPT_OUT_STATUSES, OptOutScope, type OptOutData, type OptOutInputData, type OptOutScopeValue } from './schemas.js';

export type OptOutSource = 'sms' | 'meta';
export type SendKind = 'message' | 'private_reply';

export interface OptOutRecord extends Entity {
  readonly source: OptOutSource;
  /** The `<n>` of `meta:<n>` / `sms:<n>`, from a per-source sequence. */
  readonly number: number;
  readonly channel: Channel;
  readonly contact_id: number | null;
  readonly identifier: string;
  readonly status: 'opted_out' | 'opted_in';
  readonly scope: OptOutScopeValue;
  readonly method: string | null;
  readonly keyword: string | null;
  readonly opted_out_at: string | null;
  readonly opted_in_at: string | null;
  readonly recorded_at: string;
  readonly recorded_ms: number;
}

export interface OptOutFilters {
  readonly channel?: Channel;
  readonly status?: 'opted_out' | 'opted_in';
  readonly scope?: OptOutScopeValue;
  readonly sinceMs?: number;
}

export interface MetaOptOutInput {
  readonly channel: Exclude<Channel, 'sms'>;
  readonly identifier: string;
  readonly scope: OptOutScopeValue;
  readonly method?: string | null;
  readonly keyword?: string | null;
}

export interface OptOutsNeeds {
  readonly contacts: ContactsModel;
}

/** SMS numbers compare by their digits, so `+1 (555) 010-0001` and `+15550100001` are one person. */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '') || value;

const smsKey = (accountId: number, identifier: string): string => `${accountId}:sms:${phoneDigits(identifier)}`;
const metaKey = (accountId: number, channel: Channel, identifier: string, scope: string): string =>
  `${accountId}:${channel}:${identifier}:${scope}`;
const personKey = (accountId: number, channel: Channel, identifier: string): string =>
  channel === 'sms' ? `${accountId}:sms:${phoneDigits(identifier)}` : `${accountId}:${channel}:${identifier}`;

interface Position {
  readonly r: number;
  readonly i: number;
}

const byRecorded = (row: OptOutRecord): number => row.recorded_ms;

function readPosition(after: unknown): Position | undefined {
  if (after === undefined) return undefined;
  const candidate = after as Partial<Position> | null;
  if (typeof candidate !== 'object' || candidate === null || !Number.isSafeInteger(candidate.r) || !Number.isSafeInteger(candidate.i)) {
    throw invalidParam('starting_after', 'starting_after is not a cursor this list issued.');
  }
  return { r: candidate.r!, i: candidate.i! };
}

export function createOptOutsModel(core: CoreServices, needs: OptOutsNeeds) {
  const { store, clock } = core;
  const optOuts = store.define<OptOutRecord>('opt_outs', {
    key: {
      unique: true,
      key: (row) =>
        row.source === 'sms' ? smsKey(row.account_id, row.identifier) : metaKey(row.account_id, row.channel, row.identifier, row.scope),
    },
    person: { key: (row) => personKey(row.account_id, row.channel, row.identifier) },
    contact: { key: (row) => (row.contact_id === null ? null : String(row.contact_id)) },
    // GET /opt-outs order (most recent first by recorded_at, then id), one list per filter value,
    // so a page walks from its cursor through the shortest list that covers its filters.
    recent: { key: (row) => String(row.account_id), orderBy: byRecorded, fields: [] },
    recentChannel: { key: (row) => `${row.account_id}|${row.channel}`, orderBy: byRecorded, fields: ['channel'] },
    recentStatus: { key: (row) => `${row.account_id}|${row.status}`, orderBy: byRecorded, fields: ['status'] },
    // `scope=` excludes SMS records, so only Meta records are listed under a scope.
    recentScope: { key: (row) => (row.source === 'sms' ? null : `${row.account_id}|${row.scope}`), orderBy: byRecorded, fields: ['source', 'scope'] },
  }, {
    schema: storedRecord({
      source: z.enum(['sms', 'meta']),
      number: z.number().int().positive(),
      channel: ChannelSchema,
      contact_id: z.number().int().positive().nullable(),
      identifier: z.string().min(1).max(255),
      status: z.enum(OPT_OUT_STATUSES),
      scope: OptOutScope,
      method: z.string().max(50).nullable(),
      keyword: z.string().max(50).nullable(),
      opted_out_at: NullableTimestamp,
      opted_in_at: NullableTimestamp,
      recorded_at: Timestamp,
      recorded_ms: EpochMs,
    }),
    sequence: 'opt_out',
    refs: { contact_id: 'contacts' },
  });

  /** The contact holding an identity, if any. */
  const contactIdFor = (accountId: number, channel: Channel, platformUserId: string): number | null =>
    needs.contacts.findByIdentity(accountId, channel, platformUserId)?.id ?? null;

  function activeFor(accountId: number, channel: Channel, identifier: string): OptOutRecord[] {
    const out: OptOutRecord[] = [];
    for (const id of optOuts.idsByIndex('person', personKey(accountId, channel, identifier))) {
      const row = optOuts.get(id);
      if (row && row.status === 'opted_out') out.push(row);
    }
    return out;
  }

  function insert(accountId: number, row: Omit<OptOutRecord, 'id' | 'account_id' | 'number' | 'recorded_at' | 'recorded_ms'>): OptOutRecord {
    const now = clock.now();
    return optOuts.insert({
      ...row,
      id: store.nextId('opt_out'),
      account_id: accountId,
      number: store.nextId(`opt_out_${row.source}`),
      recorded_at: clock.iso(now),
      recorded_ms: now,
    });
  }

  function touch(id: number, patch: Partial<OptOutRecord>): OptOutRecord {
    const now = clock.now();
    return optOuts.update(id, { ...patch, recorded_at: clock.iso(now), recorded_ms: now });
  }

  /** SMS STOP: creates the number's record or moves it back to opted_out. */
  function smsStop(accountId: number, identifier: string): OptOutRecord {
    const existing = optOuts.findUnique('key', smsKey(accountId, identifier));
    const now = clock.iso();
    const contact_id = contactIdFor(accountId, 'sms', identifier) ?? existing?.contact_id ?? null;
    if (existing) return touch(existing.id, { status: 'opted_out', opted_out_at: now, opted_in_at: null, contact_id });
    return insert(accountId, {
      source: 'sms',
      channel: 'sms',
      contact_id,
      identifier,
      status: 'opted_out',
      scope: 'all',
      method: null,
      keyword: null,
      opted_out_at: now,
      opted_in_at: null,
    });
  }

  /** SMS START: opts a stopped number back in. A number that never stopped has nothing to lift. */
  function smsStart(accountId: number, identifier: string): OptOutRecord | null {
    const existing = optOuts.findUnique('key', smsKey(accountId, identifier));
    if (!existing) return null;
    if (existing.status === 'opted_in') return existing;
    return touch(existing.id, { status: 'opted_in', opted_in_at: clock.iso() });
  }

  /** A Meta-style opt-out for one scope; repeating it records the new method and keyword. */
  function metaOptOut(accountId: number, input: MetaOptOutInput): OptOutRecord {
    if ((input.channel as Channel) === 'sms') throw new ApiError('invalid_param', 'SMS opts out with STOP.', { param: 'channel' });
    const existing = optOuts.findUnique('key', metaKey(accountId, input.channel, input.identifier, input.scope));
    const now = clock.iso();
    const contact_id = contactIdFor(accountId, input.channel, input.identifier) ?? existing?.contact_id ?? null;
    const fields = { method: input.method ?? null, keyword: input.keyword ?? null, opted_out_at: now, contact_id };
    if (existing) return touch(existing.id, fields);
    return insert(accountId, {
      source: 'meta',
      channel: input.channel,
      identifier: input.identifier,
      status: 'opted_out',
      scope: input.scope,
      opted_in_at: null,
      ...fields,
    });
  }

  /** What a customer does (sandbox, seeds): SMS STOP / START, or a Meta opt-out by scope. START for a number that never stopped is null. */
  function record(accountId: number, input: OptOutInputData): OptOutRecord | null {
    if (input.channel === 'sms') {
      return input.status === 'opted_out' ? smsStop(accountId, input.platform_user_id) : smsStart(accountId, input.platform_user_id);
    }
    return metaOptOut(accountId, {
      channel: input.channel,
      identifier: input.platform_user_id,
      scope: input.scope ?? 'all',
      method: input.method ?? null,
      keyword: input.keyword ?? null,
    });
  }

  return {
    smsStop,
    smsStart,
    metaOptOut,
    record,

    /** Seeds: moves a record's last change `ago` into the past, so the seed reads like a history. */
    placeInPast(row: OptOutRecord, ago: string): OptOutRecord {
      const recordedMs = clock.now() - parseDuration(ago);
      const recorded = clock.iso(recordedMs);
      return optOuts.update(row.id, {
        recorded_ms: recordedMs,
        recorded_at: recorded,
        ...(row.status === 'opted_out' ? { opted_out_at: recorded } : { opted_in_at: recorded }),
      });
    },

    /** An erased contact's opt-outs stay (compliance), without the link to the contact. */
    unlinkContact(accountId: number, contactId: number): void {
      for (const id of [...optOuts.idsByIndex('contact', String(contactId))]) {
        const row = optOuts.get(id);
        if (row && row.account_id === accountId) optOuts.update(id, { contact_id: null });
      }
    },

    /** The 409 an owner claim gets (3.1) for an SMS opt-out or a Meta `all`, if any. */
    refuseClaim(accountId: number, person: ThreadPerson): ApiError | undefined {
      const refused = activeFor(accountId, person.channel, person.platform_user_id).some((row) => row.source === 'sms' || row.scope === 'all');
      return refused ? new ApiError('opted_out', 'The customer opted out of messages.', { param: 'ai_paused' }) : undefined;
    },

    present(row: OptOutRecord): OptOutData {
      return {
        id: `${row.source}:${row.number}`,
        channel: row.channel,
        contact_id: row.contact_id,
        identifier: row.identifier,
        status: row.status,
        scope: row.scope,
        method: row.method,
        keyword: row.keyword,
        opted_out_at: row.opted_out_at,
        opted_in_at: row.opted_in_at,
        recorded_at: row.recorded_at,
      };
    },

    /** The opt-out that stops this kind of send to the person, if any. */
    blockingSend(accountId: number, channel: Channel, identifier: string, kind: SendKind): OptOutRecord | undefined {
      return activeFor(accountId, channel, identifier).find(
        (row) =>
          row.source === 'sms' ||
          row.scope === 'all' ||
          (kind === 'private_reply' ? row.scope === 'comment_dm' : row.scope === 'broadcast'),
      );
    },


    /** Most recent first by recorded_at (then id), filtered, from an opaque position. */
    list(accountId: number, filters: OptOutFilters, page: PageRequest): Page<OptOutRecord> {
      const after = readPosition(page.after);
      const lists = [optOuts.orderedByIndex('recent', String(accountId))];
      if (filters.channel !== undefined) lists.push(optOuts.orderedByIndex('recentChannel', `${accountId}|${filters.channel}`));
      if (filters.status !== undefined) lists.push(optOuts.orderedByIndex('recentStatus', `${accountId}|${filters.status}`));
      if (filters.scope !== undefined) lists.push(optOuts.orderedByIndex('recentScope', `${accountId}|${filters.scope}`));
      const shortest = lists.reduce((best, list) => (list.length < best.length ? list : best));
      const matches = (row: OptOutRecord): boolean =>
        (filters.channel === undefined || row.channel === filters.channel) &&
        (filters.status === undefined || row.status === filters.status) &&
        (filters.scope === undefined || (row.source !== 'sms' && row.scope === filters.scope));
      // `since` filters on the sort field: the walk ends at the first record recorded before it.
      const rows: OptOutRecord[] = [];
      for (const { id } of shortest.descending(after === undefined ? undefined : { order: after.r, id: after.i }, filters.sinceMs)) {
        const row = optOuts.get(id);
        if (row && matches(row)) rows.push(row);
        if (rows.length > page.limit) break;
      }
      const has_more = rows.length > page.limit;
      const data = rows.slice(0, page.limit);
      const last = data[data.length - 1];
      return {
        data,
        has_more,
        next_cursor: has_more && last ? encodeCursor(page.list, { r: last.recorded_ms, i: last.id }) : null,
      };
    },
  };
}

export type OptOutsModel = ReturnType<typeof createOptOutsModel>;
