/**
 * The stored contact and its indexes. Tags are kept by id (a tag name is only looked up when the
 * contact is shown), so the `tag` index serves both the list filter and tag deletion.
 */
import type { Channel } from '../../core/types.js';
import type { Entity, IndexDefinitions } from '../../store/collection.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import type { Stage } from './schemas.js';
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
export declare const identityKey: (accountId: number, channel: string, platformUserId: string) => string;
export declare const channelKey: (accountId: number, channel: string) => string;
export declare const stageKey: (accountId: number, stage: string) => string;
/** Email matches ignore case (addresses are compared case-insensitively in practice). */
export declare const emailKey: (accountId: number, email: string) => string;
export declare const phoneKey: (accountId: number, phone: string) => string;
/** Tag ids are global and owned by one account, so the id alone is the key. */
export declare const tagKey: (tagId: number) => string;
export declare const contactIndexes: IndexDefinitions<ContactRecord>;
