/**
 * Contacts (2.2, 4.2): natural identity `(channel, platform_user_id)`, partial updates, tags that
 * are only ever added by POST /contacts, custom field values merged all-or-nothing, and the
 * cascade on delete. No HTTP here; routes map requests onto these functions.
 *
 * Every write goes through `commit`, the one place that decides whether something really changed
 * and emits `contact.field_changed`, `contact.updated` and `lead.captured` (docs/decisions.md).
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { contactIndexes, identityKey, tagKey } from './record.js';
import { DEFAULT_STAGE, UPDATABLE_CONTACT_FIELDS, } from './schemas.js';
import { applyEdit, changedFields, clearable, customFieldChanges, stageOf } from './writes.js';
export function createContactsModel(core, deps) {
    const { store, clock, events } = core;
    const contacts = store.define('contacts', contactIndexes);
    function present(record) {
        const tags = [];
        for (const id of record.tag_ids) {
            const tag = deps.tags.tags.get(id);
            if (tag)
                tags.push(tag.name);
        }
        const custom_fields = {};
        for (const [key, value] of Object.entries(record.custom_fields)) {
            if (deps.customFields.isShown(record.account_id, key))
                custom_fields[key] = value;
        }
        return {
            id: record.id,
            channel: record.channel,
            platform_user_id: record.platform_user_id,
            name: record.name,
            email: record.email,
            phone: record.phone,
            ig_username: record.ig_username,
            profile_pic_url: record.profile_pic_url,
            stage: record.stage,
            tags,
            lead_score: record.lead_score,
            lead_temperature: record.lead_temperature,
            notes: record.notes,
            custom_fields,
            first_seen_at: record.first_seen_at,
            first_user_message_at: record.first_user_message_at,
            last_seen_at: record.last_seen_at,
            created_at: record.created_at,
            updated_at: record.updated_at,
        };
    }
    function get(accountId, id) {
        const record = contacts.getOwned(accountId, id);
        if (!record)
            throw notFound('Contact');
        return record;
    }
    function findByIdentity(accountId, channel, platformUserId) {
        return contacts.findUnique('identity', identityKey(accountId, channel, platformUserId));
    }
    /** The first time a contact holds an email or phone, it becomes a captured lead. */
    function capturesLead(record) {
        return record.lead_captured_at === null && (record.email !== null || record.phone !== null);
    }
    function emitLead(record, source) {
        const captured = [record.email !== null ? 'email' : null, record.phone !== null ? 'phone' : null].filter((field) => field !== null);
        events.emit(record.account_id, 'lead.captured', { contact: present(record), captured, source });
    }
    function emitFieldChanges(previous, next, source) {
        const base = previous ?? { ...next, custom_fields: {} };
        const changed_at = clock.iso();
        for (const change of customFieldChanges(base, next)) {
            events.emit(next.account_id, 'contact.field_changed', { contact_id: next.id, ...change, changed_at, source });
        }
    }
    function insert(accountId, input, source, edit = {}) {
        const now = clock.iso();
        const blank = {
            id: store.nextId('contact'),
            account_id: accountId,
            channel: input.channel,
            platform_user_id: input.platform_user_id,
            name: input.name ?? null,
            email: input.email ?? null,
            phone: input.phone ?? null,
            ig_username: input.ig_username ?? null,
            profile_pic_url: input.profile_pic_url ?? null,
            stage: input.stage ?? DEFAULT_STAGE,
            tag_ids: [],
            lead_score: input.lead_score ?? 0,
            lead_temperature: input.lead_temperature ?? 'cold',
            notes: input.notes ?? null,
            custom_fields: {},
            first_seen_at: input.first_seen_at ?? input.created_at ?? now,
            first_user_message_at: input.first_user_message_at === undefined ? null : input.first_user_message_at,
            last_seen_at: input.last_seen_at ?? input.created_at ?? now,
            created_at: input.created_at ?? now,
            updated_at: input.created_at ?? now,
            lead_captured_at: null,
        };
        let record = applyEdit(blank, edit);
        const leadCaptured = capturesLead(record);
        if (leadCaptured)
            record = { ...record, lead_captured_at: now };
        contacts.insert(record);
        // Seeding builds the starting state; it is not a change anyone should hear about.
        if (source === 'seed')
            return record;
        emitFieldChanges(undefined, record, source);
        events.emit(accountId, 'contact.updated', { contact: present(record), changed_fields: [], created: true, source });
        if (leadCaptured)
            emitLead(record, source);
        return record;
    }
    /** Writes `next` only if a public field changed, bumping `updated_at` and emitting events. */
    function commit(previous, next, source) {
        const changed = changedFields(previous, next);
        const activity = previous.last_seen_at !== next.last_seen_at || previous.first_user_message_at !== next.first_user_message_at;
        if (changed.length === 0) {
            // Activity timestamps are stored but are not changes: no updated_at bump, no event.
            return activity ? contacts.update(previous.id, { last_seen_at: next.last_seen_at, first_user_message_at: next.first_user_message_at }) : previous;
        }
        const now = clock.iso();
        const leadCaptured = capturesLead(next);
        const written = contacts.update(previous.id, {
            ...next,
            updated_at: now,
            lead_captured_at: leadCaptured ? now : next.lead_captured_at,
        });
        if (changed.includes('custom_fields'))
            emitFieldChanges(previous, written, source);
        events.emit(written.account_id, 'contact.updated', {
            contact: present(written),
            changed_fields: changed,
            created: false,
            source,
        });
        if (leadCaptured)
            emitLead(written, source);
        return written;
    }
    function tagIds(accountId, names) {
        return (names ?? []).map((name) => deps.tags.ensureTag(accountId, name).id);
    }
    function editOf(accountId, input) {
        return {
            name: clearable(input.name),
            email: clearable(input.email),
            phone: clearable(input.phone),
            notes: clearable(input.notes),
            stage: stageOf(input.stage),
            custom: input.custom_fields ? deps.customFields.resolveWrites(accountId, input.custom_fields) : [],
        };
    }
    // A deleted tag definition is detached from every contact that carries it.
    deps.hooks.tagDeleted.add((accountId, tagId) => {
        for (const id of [...contacts.idsByIndex('tag', tagKey(tagId))]) {
            const record = contacts.getOwned(accountId, id);
            if (record)
                commit(record, applyEdit(record, { tags: { mode: 'remove', ids: [tagId] } }), 'tag_deleted');
        }
    });
    return {
        contacts,
        get,
        findByIdentity,
        present,
        /**
         * POST /contacts: create (created: true) or partially update the contact with this identity.
         * Tags are added, never removed (unless the `replace_tags` mutant is on); custom field values
         * are checked in full before anything is written.
         */
        upsert(accountId, input) {
            const edit = editOf(accountId, input);
            const existing = findByIdentity(accountId, input.channel, input.platform_user_id);
            const tags = { mode: 'add', ids: tagIds(accountId, input.tags) };
            if (!existing) {
                const contact = insert(accountId, { channel: input.channel, platform_user_id: input.platform_user_id }, 'api', {
                    ...edit,
                    tags,
                });
                return { contact, created: true };
            }
            const mode = input.tags !== undefined && core.mutants.has('replace_tags') ? 'replace' : 'add';
            const next = applyEdit(existing, { ...edit, tags: { ...tags, mode } });
            return { contact: commit(existing, next, 'api'), created: false };
        },
        /** PATCH /contacts/{id}: an empty body is a 400 that lists what can be updated. */
        update(accountId, id, input) {
            const record = get(accountId, id);
            if (UPDATABLE_CONTACT_FIELDS.every((field) => input[field] === undefined)) {
                throw invalidParam('body', `Send at least one updatable field: ${UPDATABLE_CONTACT_FIELDS.join(', ')}.`);
            }
            return commit(record, applyEdit(record, editOf(accountId, input)), 'api');
        },
        /** POST /contacts/{id}/tags: attaches (creating the tag if missing); re-attaching is a no-op. */
        attachTag(accountId, id, name, source = 'api') {
            const record = get(accountId, id);
            const tag = deps.tags.ensureTag(accountId, name);
            return commit(record, applyEdit(record, { tags: { mode: 'add', ids: [tag.id] } }), source);
        },
        /**
         * DELETE /contacts/{id}/tags/{tag}: `{tag}` is an id when it is all digits, else a name. A
         * name with `/` cannot travel in one path segment on every server, so it must go by id.
         */
        detachTag(accountId, id, tagRef, source = 'api') {
            const record = get(accountId, id);
            let tagId;
            if (/^\d+$/.test(tagRef))
                tagId = deps.tags.tags.getOwned(accountId, Number(tagRef))?.id;
            else if (tagRef.includes('/')) {
                throw new ApiError('not_found', 'Tag not found. Tags whose name contains / are removed by id.');
            }
            else
                tagId = deps.tags.findByName(accountId, tagRef)?.id;
            if (tagId === undefined)
                throw notFound('Tag');
            return commit(record, applyEdit(record, { tags: { mode: 'remove', ids: [tagId] } }), source);
        },
        /** Erases the contact and, through `hooks.contactDeleted`, everything hanging off it. */
        remove(accountId, id) {
            const record = get(accountId, id);
            deps.hooks.contactDeleted.run(accountId, record.id);
            contacts.remove(record.id);
            return record;
        },
        /**
         * An inbound message (or comment) from a person: creates the contact at stage `new` if the
         * identity is new, records first_user_message_at/last_seen_at, and fills a missing name or
         * profile from the channel. Activity timestamps alone fire no event (docs/decisions.md).
         */
        upsertFromInbound(accountId, identity) {
            const now = clock.iso();
            const messaged = (identity.kind ?? 'message') === 'message';
            const existing = findByIdentity(accountId, identity.channel, identity.platform_user_id);
            if (!existing) {
                return insert(accountId, {
                    channel: identity.channel,
                    platform_user_id: identity.platform_user_id,
                    name: identity.name?.slice(0, 255) ?? null,
                    ig_username: identity.ig_username ?? null,
                    profile_pic_url: identity.profile_pic_url ?? null,
                    first_user_message_at: messaged ? now : null,
                }, 'inbound');
            }
            return commit(existing, {
                ...existing,
                name: existing.name ?? identity.name?.slice(0, 255) ?? null,
                ig_username: existing.ig_username ?? identity.ig_username ?? null,
                profile_pic_url: existing.profile_pic_url ?? identity.profile_pic_url ?? null,
                last_seen_at: now,
                first_user_message_at: existing.first_user_message_at ?? (messaged ? now : null),
            }, 'inbound');
        },
        /**
         * A cold outbound send to someone who never wrote (SMS, WhatsApp, Telegram): the contact is
         * created if new, with first_user_message_at null; an existing contact is left as it is.
         */
        ensureContact(accountId, identity) {
            const existing = findByIdentity(accountId, identity.channel, identity.platform_user_id);
            if (existing)
                return { contact: existing, created: false };
            const contact = insert(accountId, {
                channel: identity.channel,
                platform_user_id: identity.platform_user_id,
                name: identity.name ?? null,
                phone: identity.phone ?? null,
            }, 'outbound');
            return { contact, created: true };
        },
        /** Seeding: a contact with its starting values, tags and custom fields, and no events. */
        seedContact(accountId, input) {
            if (findByIdentity(accountId, input.channel, input.platform_user_id)) {
                throw invalidParam('platform_user_id', `Duplicate contact ${input.channel}/${input.platform_user_id}.`);
            }
            const custom = input.custom_fields ? deps.customFields.resolveWrites(accountId, input.custom_fields, { allowArchived: true }) : [];
            return insert(accountId, input, 'seed', { custom, tags: { mode: 'add', ids: tagIds(accountId, input.tags) } });
        },
    };
}
//# sourceMappingURL=model.js.map