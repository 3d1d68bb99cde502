/**
 * Contacts (2.2, 4.2): natural identity `(channel, platform_user_id)`, partial updates, tags that
 * POST /contacts only ever adds, custom field values merged all-or-nothing, and the delete
 * cascade. No HTTP here; routes map requests onto these functions. Writes and their events go
 * through the writer (writer.ts); the messaging entry points live in inbound.ts.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import type { Page, PageRequest } from '../../core/pagination.js';
import type { CoreServices } from '../../groups/services.js';
import type { CustomFieldsModel } from '../custom-fields/model.js';
import type { TagsModel } from '../tags/model.js';
import { applyEdit, clearable, stageOf, type ContactEdit } from './changes.js';
import { createInboundContacts } from './inbound.js';
import { listContacts } from './list.js';
import { NameGramIndex } from './name-index.js';
import { channelKey, contactIndexes, contactRules, tagKey, updatedKey, type ContactRecord } from './record.js';
import {
  UPDATABLE_CONTACT_FIELDS,
  type ContactData,
  type ListContactsFilters,
  type UpdateContactInput,
  type UpsertContactInput,
} from './schemas.js';
import { createContactWriter, type ChangeSource, type NewContact } from './writer.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export type { ContactRecord } from './record.js';
export type { ChangeSource, NewContact } from './writer.js';

export interface ContactsNeeds {
  readonly tags: TagsModel;
  readonly customFields: CustomFieldsModel;
}

export const contactHooks = {
  /** A contact is being erased: remove everything that hangs off it (same transaction). */
  contactDeleted: hook<[accountId: number, contactId: number]>(),
  /**
   * A contact's public fields really changed (not on create, not on a no-op write): `previous`
   * and `next` are the stored records before and after, so a listener that shows some of the
   * contact's fields (conversations show its name, email and phone) can tell whether its own
   * representation changed. Same transaction as the write.
   */
  contactChanged: hook<[previous: ContactRecord, next: ContactRecord]>(),
};

/** What a seeded flow run changed on a contact (`seedChange`). */
export interface SeedContactChange {
  readonly values?: UpdateContactInput;
  readonly attach?: readonly string[];
  readonly detach?: readonly string[];
}

const NO_CUSTOM: NonNullable<ContactEdit['custom']> = Object.freeze([]);

/** Instagram handles compare without the @ and case-insensitively. */
const handle = (value: string): string => value.replace(/^@/, '').toLowerCase();

export function createContactsModel(core: CoreServices, deps: ContactsNeeds, hooks: HooksOf<typeof contactHooks>) {
  const names = new NameGramIndex();
  const contacts = core.store.define<ContactRecord>('contacts', contactIndexes, contactRules, { accountKey: updatedKey, attached: [names] });
  core.lifecycle.closing.add(() => names.stop());
  const writer = createContactWriter(core, deps, contacts, (previous, next) => hooks.contactChanged.run(previous, next));
  const { get, findByIdentity, presenter, insert, commit } = writer;

  function tagIds(accountId: number, names: readonly string[] | undefined): number[] {
    return (names ?? []).map((name) => deps.tags.ensureTag(accountId, name).id);
  }

  /**
   * Checks every value (custom fields included) before anything is written; `tags` (POST
   * /contacts) is asked for only once the values passed, so a refused body creates no tag.
   */
  function editOf(accountId: number, input: UpdateContactInput, tags?: () => ContactEdit['tags']): ContactEdit {
    const custom = input.custom_fields ? deps.customFields.resolveWrites(accountId, input.custom_fields) : NO_CUSTOM;
    return {
      name: clearable(input.name),
      email: clearable(input.email),
      phone: clearable(input.phone),
      notes: clearable(input.notes),
      stage: stageOf(input.stage),
      custom,
      tags: tags?.(),
    };
  }

  return {
    get,
    findByIdentity,
    /** The account's contact with this id, if any. */
    find: (accountId: number, id: number): ContactRecord | undefined => contacts.getOwned(accountId, id),
    /** Every contact of the account, oldest first (the overview analytics count them, 2.14). */
    records: (accountId: number): ContactRecord[] => [...contacts.ofAccount(accountId)],
    present: presenter.fresh,
    presentForRead: presenter.forRead,
    /** The values of the contact's set, active custom fields: what GET /contacts shows and flows read. */
    shownCustomFields: writer.shownCustomFields,
    ...createInboundContacts(core, writer),

    /** GET /contacts: every filter given must match, newest first. */
    list: (accountId: number, filters: ListContactsFilters, page: PageRequest): Page<Readonly<ContactData>> =>
      listContacts({ contacts, names, tags: deps.tags, present: presenter.forRead }, accountId, filters, page),

    /** The Instagram contact with this handle (with or without @, any case), if any. */
    findByInstagramUsername(accountId: number, username: string): ContactRecord | undefined {
      const wanted = handle(username);
      for (const id of contacts.idsByIndex('channel', channelKey(accountId, 'instagram'))) {
        const contact = contacts.get(id);
        if (contact?.ig_username && handle(contact.ig_username) === wanted) return contact;
      }
      return undefined;
    },

    /** POST /contacts: create (created: true) or partially update the contact with this identity. Tags are added, never removed. */
    upsert(accountId: number, input: UpsertContactInput): { contact: ContactRecord; created: boolean } {
      const edit = editOf(accountId, input, () => ({ mode: 'add', ids: tagIds(accountId, input.tags) }));
      const existing = findByIdentity(accountId, input.channel, input.platform_user_id);
      if (!existing) {
        const identity = { channel: input.channel, platform_user_id: input.platform_user_id };
        return { contact: insert(accountId, identity, 'api', edit), created: true };
      }
      return { contact: commit(existing, applyEdit(existing, edit), 'api'), created: false };
    },

    /** A deleted tag definition is detached from every contact that carries it (the tags group's hook). */
    detachTagEverywhere(accountId: number, tagId: number): void {
      for (const id of [...contacts.idsByIndex('tag', tagKey(tagId))]) {
        const record = contacts.getOwned(accountId, id);
        if (record) commit(record, applyEdit(record, { tags: { mode: 'remove', ids: [tagId] } }), 'tag_deleted');
      }
    },

    /** PATCH /contacts/{id} (and the flow runtime's writes, `inbound`): an empty body is a 400 that lists what can be updated. */
    update(accountId: number, id: number, input: UpdateContactInput, source: ChangeSource = 'api'): ContactRecord {
      const record = get(accountId, id);
      refuseEmptyPatch(input, UPDATABLE_CONTACT_FIELDS);
      return commit(record, applyEdit(record, editOf(accountId, input)), source);
    },

    /** One contact.updated per contact changed by `work`, with all it changed (writer.ts `holdingEvents`). */
    holdingEvents: writer.holdingEvents,

    /** POST /contacts/{id}/tags: attaches (creating the tag if missing); re-attaching is a no-op. */
    attachTag(accountId: number, id: number, name: string, source: ChangeSource = 'api'): ContactRecord {
      const record = get(accountId, id);
      const tag = deps.tags.ensureTag(accountId, name);
      return commit(record, applyEdit(record, { tags: { mode: 'add', ids: [tag.id] } }), source);
    },

    /**
     * DELETE /contacts/{id}/tags/{tag}: `{tag}` is an id when it is all digits, else a name. A name
     * with `/` is not addressable by name on every server, so it must go by id.
     */
    detachTag(accountId: number, id: number, tagRef: string, source: ChangeSource = 'api'): ContactRecord {
      const record = get(accountId, id);
      let tagId: number | undefined;
      if (/^\d+$/.test(tagRef)) tagId = deps.tags.find(accountId, Number(tagRef))?.id;
      else if (tagRef.includes('/')) throw new ApiError('not_found', 'Tag not found. Remove a tag whose name contains / by its id.');
      else tagId = deps.tags.findByName(accountId, tagRef)?.id;
      if (tagId === undefined) throw notFound('Tag');
      return commit(record, applyEdit(record, { tags: { mode: 'remove', ids: [tagId] } }), source);
    },

    /** Erases the contact and, through `hooks.contactDeleted`, everything hanging off it. */
    remove(accountId: number, id: number): ContactRecord {
      const record = get(accountId, id);
      hooks.contactDeleted.run(accountId, record.id);
      contacts.remove(record.id);
      presenter.forget(record);
      return record;
    },

    /**
     * Seeding: what a seeded flow run did to a contact at `atIso` (flow-runtime/seed-effects.ts):
     * values checked as a PATCH's, tags attached (created if missing) or detached by name. No
     * event; `updated_at` follows the change's time.
     */
    seedChange(accountId: number, id: number, change: SeedContactChange, atIso: string): ContactRecord {
      const record = get(accountId, id);
      const values = change.values ? editOf(accountId, change.values) : {};
      const detach = (change.detach ?? []).flatMap((name) => {
        const tag = deps.tags.findByName(accountId, name);
        return tag ? [tag.id] : [];
      });
      let next = applyEdit(record, values);
      if (change.attach?.length) next = applyEdit(next, { tags: { mode: 'add', ids: tagIds(accountId, change.attach) } });
      if (detach.length > 0) next = applyEdit(next, { tags: { mode: 'remove', ids: detach } });
      return writer.seedCommit(record, next, atIso);
    },

    /** Seeding: a contact with its starting values, tags and custom field values; no events. */
    seedContact(
      accountId: number,
      input: NewContact & { tags?: readonly string[]; custom_fields?: Readonly<Record<string, unknown>> },
    ): ContactRecord {
      if (findByIdentity(accountId, input.channel, input.platform_user_id)) {
        throw invalidParam('platform_user_id', `Duplicate contact ${input.channel}/${input.platform_user_id}.`);
      }
      // A seed describes stored state, so it may hold values of archived fields.
      const custom = input.custom_fields ? deps.customFields.resolveWrites(accountId, input.custom_fields, { allowArchived: true }) : [];
      return insert(accountId, input, 'seed', { custom, tags: { mode: 'add', ids: tagIds(accountId, input.tags) } });
    },
  };
}

export type ContactsModel = ReturnType<typeof createContactsModel>;
