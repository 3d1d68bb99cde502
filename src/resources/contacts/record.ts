/**
 * The stored contact and its indexes. Tags are kept by id (a tag name is only looked up when the
 * contact is shown), so the `tag` index serves both the list filter and tag deletion.
 */
import { z } from 'zod';
import type { Channel } from '../../core/types.js';
import type { Entity, IndexDefinitions } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import { Channel as ChannelSchema, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { LIMITS, Stage as StageSchema, type Stage } from './schemas.js';

export interface ContactRecord extends Entity {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly name: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly ig_username: string | null;
  readonly profile_pic_url: string | null;
  readonly stage: Stage;
  /** Attached tag ids, in attachment order. */
  readonly tag_ids: readonly number[];
  readonly lead_score: number;
  readonly lead_temperature: string;
  readonly notes: string | null;
  /** Stored values by field_key; archived fields keep theirs but are not shown. */
  readonly custom_fields: Readonly<Record<string, CustomFieldValue>>;
  readonly first_seen_at: string;
  readonly first_user_message_at: string | null;
  readonly last_seen_at: string;
  readonly created_at: string;
  readonly updated_at: string;
  /** When the contact first had an email or phone (lead.captured fired then). Never shown. */
  readonly lead_captured_at: string | null;
}

/**
 * A create asks for its identity key twice (the unique check, the index; the lookup goes by the
 * values, `findUniqueByValues`): the last key is kept, so both share one string.
 */
let lastAccountId = 0;
let lastChannel = '';
let lastPlatformUserId = '';
let lastIdentityKey = '0||';

export function identityKey(accountId: number, channel: string, platformUserId: string): string {
  if (accountId !== lastAccountId || channel !== lastChannel || platformUserId !== lastPlatformUserId) {
    lastIdentityKey = `${accountId}|${channel}|${platformUserId}`;
    lastAccountId = accountId;
    lastChannel = channel;
    lastPlatformUserId = platformUserId;
  }
  return lastIdentityKey;
}
/**
 * `<account>|<value>`, the last one kept: every create asks for its channel and stage keys, and
 * consecutive writes mostly share both. The same string object again means no new string to
 * flatten and hash on each index lookup (V8 keeps a string's hash in the string).
 */
function lastJoinedKey(): (accountId: number, value: string) => string {
  let lastAccount = 0;
  let lastValue = '';
  let lastKey = '0|';
  return (accountId, value) => {
    if (accountId !== lastAccount || value !== lastValue) {
      lastKey = `${accountId}|${value}`;
      lastAccount = accountId;
      lastValue = value;
    }
    return lastKey;
  };
}

export const channelKey: (accountId: number, channel: string) => string = lastJoinedKey();
export const stageKey: (accountId: number, stage: string) => string = lastJoinedKey();
/** Email matches ignore case (addresses are compared case-insensitively in practice). */
export const emailKey = (accountId: number, email: string): string => `${accountId}|${email.toLowerCase()}`;
export const phoneKey = (accountId: number, phone: string): string => `${accountId}|${phone}`;
/** Tag ids are global and owned by one account, so the id alone is the key. */
export const tagKey = (tagId: number): string => String(tagId);

const NullableText = (max: number) => z.string().max(max).nullable();

export const contactRules: RecordRules<ContactRecord> = {
  schema: storedRecord({
    channel: ChannelSchema,
    platform_user_id: z.string().min(1).max(LIMITS.platformUserId),
    name: NullableText(LIMITS.name),
    email: NullableText(254),
    phone: NullableText(LIMITS.phoneMax),
    ig_username: NullableText(255),
    profile_pic_url: NullableText(2048),
    stage: StageSchema,
    tag_ids: z.array(z.number().int().positive()),
    lead_score: z.number().int(),
    lead_temperature: z.string().max(50),
    notes: NullableText(LIMITS.notes),
    custom_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    first_seen_at: Timestamp,
    first_user_message_at: NullableTimestamp,
    last_seen_at: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
    lead_captured_at: NullableTimestamp,
  }),
  sequence: 'contact',
  refs: { tag_ids: 'tags' },
};

export const contactIndexes: IndexDefinitions<ContactRecord> = {
  // Nested: the index holds no key string per contact (store/nested-unique.ts); a channel never holds `|`.
  identity: { unique: true, nested: true, key: (c) => identityKey(c.account_id, c.channel, c.platform_user_id), fields: ['channel', 'platform_user_id'] },
  channel: { key: (c) => channelKey(c.account_id, c.channel), fields: ['channel'] },
  stage: { key: (c) => stageKey(c.account_id, c.stage), fields: ['stage'] },
  email: { key: (c) => (c.email === null ? null : emailKey(c.account_id, c.email)), fields: ['email'] },
  phone: { key: (c) => (c.phone === null ? null : phoneKey(c.account_id, c.phone)), fields: ['phone'] },
  // One tag (the usual create) is its key itself: no array per write.
  tag: { key: (c) => (c.tag_ids.length === 1 ? tagKey(c.tag_ids[0]!) : c.tag_ids.map(tagKey)), fields: ['tag_ids'] },
  // The `name=` filter's index is ./name-index.ts, attached to the collection (model.ts).
};

const CANONICAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/**
 * The number kept with each id in the account's list: `updated_at` in ms, so `updated_since`
 * skips runs of older contacts (./list.ts). The filter compares `updated_at` strings; for the
 * canonical format that order is time order. A stored timestamp in any other form (a restored
 * state may hold one) gets +Infinity: never skipped, the filter itself decides.
 */
export function updatedKey(c: ContactRecord): number {
  // Loading a large state asks this for every contact in id order, and neighbours mostly share
  // their updated_at (often the very same string, ../../core/json-repeats.ts); writes within one
  // second share theirs too (seconds precision): the regex and Date.parse run once per run of
  // equal values, not once per contact.
  if (c.updated_at === lastUpdatedAt) return lastUpdatedKey;
  lastUpdatedKey = CANONICAL_TIMESTAMP.test(c.updated_at) ? Date.parse(c.updated_at) : Infinity;
  lastUpdatedAt = c.updated_at;
  return lastUpdatedKey;
}

let lastUpdatedAt: string | undefined;
let lastUpdatedKey = Infinity;
