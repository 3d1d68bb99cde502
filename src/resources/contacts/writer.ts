/**
 * The one place contacts are written: `insert` for new ones and `commit` for changes. Both decide
 * whether something really changed and emit `contact.field_changed`, `contact.updated` and
 * `lead.captured` accordingly (docs/decisions.md), so every entry point (REST, inbound, seeds,
 * tag deletion) follows the same event and `updated_at` rules.
 */
import { notFound } from '../../core/errors.js';
import { definePresenter, type Presenter } from '../../core/presenter.js';
import type { Channel } from '../../core/types.js';
import type { Collection } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import type { CustomFieldsModel } from '../custom-fields/model.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import type { TagsModel } from '../tags/model.js';
import type { ContactRecord } from './record.js';
import { DEFAULT_STAGE, type ContactData, type Stage } from './schemas.js';
import { changedFields, customFieldChanges, nextCustomFields, nextTags, type ContactEdit } from './changes.js';
import { findPhoneIdentity, storedPlatformUserId } from './phone-identity.js';

/** What made a change, as the events carry it: `api` for REST writes (docs/decisions.md). */
export type ChangeSource = 'api' | 'inbound' | 'outbound' | 'tag_deleted' | 'seed';

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
  /** A seed's: when it last changed (default its creation). */
  readonly updated_at?: string;
}

/**
 * Contacts whose representation is kept (docs/decisions.md, "Benchmarks"):
 * enough for the hot set of a busy integration and for a few list pages, small beside 100k records.
 */
const PRESENTATION_CACHE_SIZE = 2_048;

const NO_TAGS: readonly number[] = Object.freeze([]);
/** A create's `changed_fields`, shared by every such event the journal keeps (frozen: nobody may add to it). */
const NO_CHANGES: readonly string[] = Object.freeze([]);
const NO_WRITES: NonNullable<ContactEdit['custom']> = Object.freeze([]);
/**
 * The custom fields of a contact that has none, in its record and in its representation: one
 * shared frozen object instead of two new ones per create (records and representations are
 * replaced, never changed in place, so nobody writes into it; frozen, so nobody can).
 */
const NO_CUSTOM_FIELDS: Readonly<Record<string, CustomFieldValue>> = Object.freeze({});

/** The representation frozen all the way down (its only nested values are the tags and custom fields). */
function frozen(contact: ContactData): Readonly<ContactData> {
  Object.freeze(contact.tags);
  Object.freeze(contact.custom_fields);
  return Object.freeze(contact);
}

/** Whether an object has an own enumerable key, without building the list of them. */
function hasAny(values: object): boolean {
  for (const key in values) if (Object.hasOwn(values, key)) return true;
  return false;
}

interface HeldChange {
  readonly before: ContactRecord;
  readonly source: ChangeSource;
}

export interface WriterDeps {
  readonly tags: TagsModel;
  readonly customFields: CustomFieldsModel;
}

/** Told of every committed change (the model runs its `contactChanged` hook from it). */
export type ContactChangeListener = (previous: ContactRecord, next: ContactRecord) => void;

export function createContactWriter(
  core: CoreServices,
  deps: WriterDeps,
  contacts: Collection<ContactRecord>,
  onChanged: ContactChangeListener,
) {
  const { store, clock, events } = core;

  /**
   * The custom field values the API shows (2.1: "only fields that are set and active appear"):
   * archived fields keep their values in the record, hidden. Every reader of values a customer or
   * integration can see (the representation, flow placeholders and rules) goes through this view.
   */
  function shownCustomFields(record: ContactRecord): Readonly<Record<string, CustomFieldValue>> {
    let custom_fields: Record<string, CustomFieldValue> | undefined;
    // for-in, not Object.entries: no array of pairs per presentation (most contacts have none).
    for (const key in record.custom_fields) {
      if (Object.hasOwn(record.custom_fields, key) && deps.customFields.isShown(record.account_id, key)) (custom_fields ??= {})[key] = record.custom_fields[key]!;
    }
    return custom_fields ?? NO_CUSTOM_FIELDS;
  }

  /** The contact as the API shows it, built fresh. */
  function present(record: ContactRecord): ContactData {
    const tags: string[] = [];
    for (const id of record.tag_ids) {
      const name = deps.tags.nameOf(id);
      if (name !== undefined) tags.push(name);
    }
    const custom_fields = shownCustomFields(record);
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

  /** The first time a contact holds an email or phone, it becomes a captured lead. */
  function capturesLead(record: ContactRecord): boolean {
    return record.lead_captured_at === null && (record.email !== null || record.phone !== null);
  }

  function emitLead(record: ContactRecord, source: ChangeSource): void {
    const captured: string[] = [];
    if (record.email !== null) captured.push('email');
    if (record.phone !== null) captured.push('phone');
    events.emit(record.account_id, 'lead.captured', { contact: presentWritten(record), captured, source });
  }

  function emitFieldChanges(previous: ContactRecord | undefined, next: ContactRecord, source: ChangeSource): void {
    const base = previous ?? { ...next, custom_fields: {} };
    const changed_at = clock.iso();
    for (const change of customFieldChanges(base, next)) {
      events.emit(next.account_id, 'contact.field_changed', { contact_id: next.id, ...change, changed_at, source });
    }
  }

  /** The events of one committed change, in the house order (field_changed..., updated, lead.captured). */
  function announce(previous: ContactRecord, written: ContactRecord, changed: readonly string[], source: ChangeSource): void {
    if (changed.includes('custom_fields')) emitFieldChanges(previous, written, source);
    events.emit(written.account_id, 'contact.updated', { contact: presentWritten(written), changed_fields: changed, created: false, source });
    if (previous.lead_captured_at === null && written.lead_captured_at !== null) emitLead(written, source);
  }

  /** Whether a `holdingEvents` run is open; `held` is made at its first change (most runs change no contact). */
  let holding = false;
  /** Contacts changed inside the run, by id: the record before the first change and its source. */
  let held: Map<number, HeldChange> | undefined;

  /** Changes whenever anything a representation reads besides the record changes. */
  const representationVersion = (): number => deps.tags.version() + deps.customFields.version();

  /**
   * Reads (GET one, list pages) reuse a contact's representation and its JSON text: measured,
   * serialising the contact cost as much as the rest of GET /contacts/{id}. Tag names and custom
   * field definitions are all a representation reads besides the record. Writes do not go
   * through this cache (measured: POST /contacts 4-8 µs slower in process when they did).
   */
  const readPresenter = definePresenter(present, { capacity: PRESENTATION_CACHE_SIZE, version: representationVersion });

  /**
   * The representation of the record just written, shared by its events and the write's answer:
   * a POST /contacts used to build the contact twice (the contact.updated payload, then the
   * response) and keep both. Frozen because two owners now hold it: neither can change what the
   * other sends. Not sealed for the wire (../../core/wire-json.ts): a sealed value keeps its JSON
   * text, and the journal keeps 10,000 events per account, each of which would then hold two
   * copies of its contact's text. Only the last write's is remembered (a write's answer is built
   * in the same transaction).
   */
  let lastWritten: ContactRecord | undefined;
  let lastWrittenVersion = -1;
  let lastPresented: Readonly<ContactData> | undefined;
  function presentWritten(record: ContactRecord): Readonly<ContactData> {
    const version = representationVersion();
    if (record === lastWritten && version === lastWrittenVersion) return lastPresented!;
    const presented = frozen(present(record));
    lastWritten = record;
    lastWrittenVersion = version;
    lastPresented = presented;
    return presented;
  }

  const presenter: Presenter<ContactRecord, Readonly<ContactData>> = {
    fresh: presentWritten,
    forRead: readPresenter.forRead,
    forget: (record) => {
      readPresenter.forget(record);
      if (record === lastWritten) lastWritten = lastPresented = undefined;
    },
  };

  return {
    presenter,
    shownCustomFields,

    get(accountId: number, id: number): ContactRecord {
      const record = contacts.getOwned(accountId, id);
      if (!record) throw notFound('Contact');
      return record;
    },

    /** The contact with this identity; for an SMS or WhatsApp number, however it is written (./phone-identity.ts). */
    findByIdentity(accountId: number, channel: Channel, platformUserId: string): ContactRecord | undefined {
      return findPhoneIdentity(channel, platformUserId, (id) => contacts.findUniqueByValues('identity', accountId, [channel, id]));
    },

    /** Creates a contact from `input` plus `edit`; seeding emits nothing. */
    insert(accountId: number, input: NewContact, source: ChangeSource, edit: ContactEdit = {}): ContactRecord {
      const now = clock.iso();
      const created_at = input.created_at ?? now;
      // Built once with the edit applied (what `applyEdit` of a blank contact gives): a create
      // allocates one record, not a blank, an edited copy and a copy with lead_captured_at.
      const email = edit.email === undefined ? (input.email ?? null) : edit.email;
      const phone = edit.phone === undefined ? (input.phone ?? null) : edit.phone;
      const tags = edit.tags ? nextTags(NO_TAGS, edit.tags) : NO_TAGS;
      const record: ContactRecord = {
        id: store.nextId('contact'),
        account_id: accountId,
        channel: input.channel,
        // Every create passes here (POST /contacts, inbound, cold send, sandbox thread, seed): one stored form per number.
        platform_user_id: storedPlatformUserId(input.channel, input.platform_user_id),
        name: edit.name === undefined ? (input.name ?? null) : edit.name,
        email,
        phone,
        ig_username: input.ig_username ?? null,
        profile_pic_url: input.profile_pic_url ?? null,
        stage: edit.stage ?? input.stage ?? DEFAULT_STAGE,
        tag_ids: tags === NO_TAGS ? [] : tags,
        lead_score: input.lead_score ?? 0,
        lead_temperature: input.lead_temperature ?? 'cold',
        notes: edit.notes === undefined ? (input.notes ?? null) : edit.notes,
        custom_fields: nextCustomFields(NO_CUSTOM_FIELDS, edit.custom ?? NO_WRITES),
        first_seen_at: input.first_seen_at ?? created_at,
        first_user_message_at: input.first_user_message_at ?? null,
        last_seen_at: input.last_seen_at ?? created_at,
        created_at,
        updated_at: input.updated_at ?? created_at,
        lead_captured_at: email !== null || phone !== null ? now : null,
      };
      contacts.insert(record);
      // A seed builds the starting state; it is not a change anyone should hear about.
      if (source === 'seed') return record;
      if (hasAny(record.custom_fields)) emitFieldChanges(undefined, record, source);
      events.emit(accountId, 'contact.updated', { contact: presentWritten(record), changed_fields: NO_CHANGES, created: true, source });
      if (record.lead_captured_at !== null) emitLead(record, source);
      return record;
    },

    /** Writes `next` only if a public field changed, bumping `updated_at` and emitting events. */
    commit(previous: ContactRecord, next: ContactRecord, source: ChangeSource): ContactRecord {
      const changed = changedFields(previous, next);
      if (changed.length === 0) {
        // Activity timestamps are stored but are not changes: no updated_at bump, no event.
        const activity =
          previous.last_seen_at !== next.last_seen_at || previous.first_user_message_at !== next.first_user_message_at;
        return activity
          ? contacts.update(previous.id, { last_seen_at: next.last_seen_at, first_user_message_at: next.first_user_message_at })
          : previous;
      }
      const now = clock.iso();
      const leadCaptured = capturesLead(next);
      const { id: _id, account_id: _account, ...fields } = next;
      const written = contacts.update(previous.id, {
        ...fields,
        updated_at: now,
        lead_captured_at: leadCaptured ? now : next.lead_captured_at,
      });
      // Before the events: what hangs off the contact (its threads' updated_at) is current when they fire.
      onChanged(previous, written);
      if (holding) {
        // One contact.updated per contact for the whole run: remember the state before its first change.
        held ??= new Map();
        if (!held.has(written.id)) held.set(written.id, { before: previous, source });
        return written;
      }
      announce(previous, written, changed, source);
      return written;
    },

    /**
     * Seeding: `next` is what happened to the contact at `atIso` (a seeded flow run's tag, email
     * or stage). No event and no hook, as a seed is not a change anyone hears about; `updated_at`
     * moves to `atIso` when a public field changed (never back), and a first email or phone is
     * the lead captured then.
     */
    seedCommit(previous: ContactRecord, next: ContactRecord, atIso: string): ContactRecord {
      if (changedFields(previous, next).length === 0) return previous;
      const { id: _id, account_id: _account, ...fields } = next;
      return contacts.update(previous.id, {
        ...fields,
        updated_at: atIso > previous.updated_at ? atIso : previous.updated_at,
        lead_captured_at: capturesLead(next) ? atIso : next.lead_captured_at,
      });
    },

    /**
     * Runs `work` with update events held back, then announces each contact it changed once:
     * `contact.field_changed` per key, one `contact.updated` whose `changed_fields` are all the
     * run changed (against the state before it), and `lead.captured` if the run captured the lead,
     * with the source of the contact's first change. A run inside another joins it; a run that
     * throws announces nothing (its writes are rolled back with the request). Creations are
     * announced at once (`created: true`), as they are the contact's first event. For what one
     * customer message makes the flow runtime do (docs/decisions.md, "Flows follow what they name").
     */
    holdingEvents<T>(work: () => T): T {
      if (holding) return work();
      holding = true;
      let result: T;
      let changes: Map<number, HeldChange> | undefined;
      try {
        result = work();
      } finally {
        changes = held;
        holding = false;
        held = undefined;
      }
      for (const [id, { before, source }] of changes ?? []) {
        const after = contacts.get(id);
        if (!after) continue;
        const changed = changedFields(before, after);
        if (changed.length > 0) announce(before, after, changed, source);
        // Changes that cancelled out are no change: updated_at moves exactly when contact.updated fires.
        else if (after.updated_at !== before.updated_at) contacts.update(id, { updated_at: before.updated_at, lead_captured_at: before.lead_captured_at });
      }
      return result;
    },
  };
}

export type ContactWriter = ReturnType<typeof createContactWriter>;
