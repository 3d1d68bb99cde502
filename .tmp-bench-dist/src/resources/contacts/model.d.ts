import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../app.js';
import type { CustomFieldsModel } from '../custom-fields/model.js';
import type { Hooks } from '../hooks.js';
import type { TagsModel } from '../tags/model.js';
import { type ContactRecord } from './record.js';
import { type ContactData, type Stage, type UpdateContactInput, type UpsertContactInput } from './schemas.js';
export type { ContactRecord } from './record.js';
export interface ContactsDeps {
    readonly hooks: Hooks;
    readonly tags: TagsModel;
    readonly customFields: CustomFieldsModel;
}
/** Who made a change, as carried by the events: `api` for REST writes (docs/decisions.md). */
export type ChangeSource = 'api' | 'inbound' | 'outbound' | 'tag_deleted' | 'seed';
export interface InboundIdentity {
    readonly channel: Channel;
    readonly platform_user_id: string;
    readonly name?: string | undefined;
    readonly ig_username?: string | undefined;
    readonly profile_pic_url?: string | undefined;
    /** `comment` for a person who only commented: `first_user_message_at` stays null. Default `message`. */
    readonly kind?: 'message' | 'comment';
}
/** Everything a new contact can start with (seeds and the model's own creates). */
export interface NewContact {
    readonly channel: Channel;
    readonly platform_user_id: string;
    readonly name?: string | null;
    readonly email?: string | null;
    readonly phone?: string | null;
    readonly ig_username?: string | null;
    readonly profile_pic_url?: string | null;
    readonly stage?: Stage;
    readonly lead_score?: number;
    readonly lead_temperature?: string;
    readonly notes?: string | null;
    readonly first_seen_at?: string;
    readonly first_user_message_at?: string | null;
    readonly last_seen_at?: string;
    readonly created_at?: string;
}
export declare function createContactsModel(core: CoreServices, deps: ContactsDeps): {
    contacts: import("../../store/collection.js").Collection<ContactRecord>;
    get: (accountId: number, id: number) => ContactRecord;
    findByIdentity: (accountId: number, channel: Channel, platformUserId: string) => ContactRecord | undefined;
    present: (record: ContactRecord) => ContactData;
    /**
     * POST /contacts: create (created: true) or partially update the contact with this identity.
     * Tags are added, never removed (unless the `replace_tags` mutant is on); custom field values
     * are checked in full before anything is written.
     */
    upsert(accountId: number, input: UpsertContactInput): {
        contact: ContactRecord;
        created: boolean;
    };
    /** PATCH /contacts/{id}: an empty body is a 400 that lists what can be updated. */
    update(accountId: number, id: number, input: UpdateContactInput): ContactRecord;
    /** POST /contacts/{id}/tags: attaches (creating the tag if missing); re-attaching is a no-op. */
    attachTag(accountId: number, id: number, name: string, source?: ChangeSource): ContactRecord;
    /**
     * DELETE /contacts/{id}/tags/{tag}: `{tag}` is an id when it is all digits, else a name. A
     * name with `/` cannot travel in one path segment on every server, so it must go by id.
     */
    detachTag(accountId: number, id: number, tagRef: string, source?: ChangeSource): ContactRecord;
    /** Erases the contact and, through `hooks.contactDeleted`, everything hanging off it. */
    remove(accountId: number, id: number): ContactRecord;
    /**
     * An inbound message (or comment) from a person: creates the contact at stage `new` if the
     * identity is new, records first_user_message_at/last_seen_at, and fills a missing name or
     * profile from the channel. Activity timestamps alone fire no event (docs/decisions.md).
     */
    upsertFromInbound(accountId: number, identity: InboundIdentity): ContactRecord;
    /**
     * A cold outbound send to someone who never wrote (SMS, WhatsApp, Telegram): the contact is
     * created if new, with first_user_message_at null; an existing contact is left as it is.
     */
    ensureContact(accountId: number, identity: {
        channel: Channel;
        platform_user_id: string;
        name?: string;
        phone?: string;
    }): {
        contact: ContactRecord;
        created: boolean;
    };
    /** Seeding: a contact with its starting values, tags and custom fields, and no events. */
    seedContact(accountId: number, input: NewContact & {
        tags?: readonly string[];
        custom_fields?: Readonly<Record<string, unknown>>;
    }): ContactRecord;
};
export type ContactsModel = ReturnType<typeof createContactsModel>;
