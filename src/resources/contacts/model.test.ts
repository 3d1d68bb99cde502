/**
 * The contacts model's API for other groups: the delete cascade registry, inbound upserts, cold
 * outbound contacts, and the tag hook. Built on bare core services, without HTTP.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/clock.js';
import { ApiError } from '../../core/errors.js';
import type { Hook } from '../../core/hooks.js';
import { instantiateGroups } from '../../groups/compose.js';
import { testCoreServices } from '../../../test/support/core.js';
import { customFieldsGroup } from '../custom-fields/index.js';
import type { CustomFieldsModel } from '../custom-fields/model.js';
import { tagsGroup } from '../tags/index.js';
import type { TagsModel } from '../tags/model.js';
import { contactsGroup } from './index.js';
import type { ContactsModel } from './model.js';

const T0 = Date.parse('2026-03-01T12:00:00Z');

function build() {
  const clock = new VirtualClock(() => T0);
  clock.freeze(T0);
  const core = testCoreServices(
    contactsGroup.events.map((event) => event.name),
    clock,
  );
  const { store, events } = core;
  // The three groups wired as the registry wires them (descriptor, hooks, listeners).
  const [tagsGroupLive, fieldsGroupLive, contactsGroupLive] = instantiateGroups([tagsGroup, customFieldsGroup, contactsGroup], core);
  const hooks = { ...tagsGroupLive!.hooks, ...contactsGroupLive!.hooks } as unknown as {
    readonly contactDeleted: Hook<[accountId: number, contactId: number]>;
    readonly tagDeleted: Hook<[accountId: number, tagId: number, tagName: string]>;
  };
  const tags = tagsGroupLive!.context.model as TagsModel;
  const customFields = fieldsGroupLive!.context.model as CustomFieldsModel;
  const contacts = contactsGroupLive!.context.model as ContactsModel;
  const journal = (type?: string) => events.list(1, type ? { type } : {}).map((event) => event.data);
  return { store, clock, hooks, tags, customFields, contacts, journal };
}

describe('contacts model: the delete cascade registry', () => {
  it('runs every contactDeleted hook with the account and contact id, then erases the contact', () => {
    const { store, hooks, contacts } = build();
    const seen: [number, number][] = [];
    hooks.contactDeleted.add((accountId, contactId) => seen.push([accountId, contactId]));
    const contact = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555' }));
    store.transaction(() => contacts.remove(1, contact.id));
    expect(seen).toEqual([[1, contact.id]]);
    expect(contacts.findByIdentity(1, 'sms', '+1555')).toBeUndefined();
  });

  it('keeps the contact when a hook fails (the transaction undoes everything)', () => {
    const { store, hooks, contacts } = build();
    hooks.contactDeleted.add(() => {
      throw new Error('dependent refused');
    });
    const contact = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555' }));
    expect(() => store.transaction(() => contacts.remove(1, contact.id))).toThrow('dependent refused');
    expect(contacts.get(1, contact.id)).toEqual(contact);
  });

  it('answers 404 (ApiError not_found) for another account’s contact', () => {
    const { store, contacts } = build();
    const contact = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555' }));
    expect(() => contacts.get(2, contact.id)).toThrow(ApiError);
    expect(() => store.transaction(() => contacts.remove(2, contact.id))).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('runs tagDeleted with the tag name, after which contacts no longer carry it', () => {
    const { store, hooks, tags, contacts } = build();
    const names: string[] = [];
    hooks.tagDeleted.add((_accountId, _tagId, name) => names.push(name));
    const contact = store.transaction(() => {
      const c = contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555' });
      return contacts.attachTag(1, c.id, 'vip');
    });
    const vip = tags.findByName(1, 'vip')!;
    store.transaction(() => tags.remove(1, vip.id));
    expect(names).toEqual(['vip']);
    expect(contacts.present(contacts.get(1, contact.id)).tags).toEqual([]);
    expect(tags.ensureTag(1, 'vip').id).not.toBe(vip.id);
  });
});

describe('contacts model: upsertFromInbound', () => {
  it('creates a new person at stage new with first_user_message_at and last_seen_at now', () => {
    const { store, contacts, journal } = build();
    const c = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'instagram', platform_user_id: 'ig9', name: 'Mo', ig_username: 'mo' }));
    expect(contacts.present(c)).toMatchObject({
      stage: 'new',
      name: 'Mo',
      ig_username: 'mo',
      first_user_message_at: '2026-03-01T12:00:00+00:00',
      last_seen_at: '2026-03-01T12:00:00+00:00',
    });
    expect(journal('contact.updated')).toEqual([expect.objectContaining({ created: true, source: 'inbound' })]);
  });

  it('records activity on a known person without bumping updated_at or firing an event', () => {
    const { store, clock, contacts, journal } = build();
    const first = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555', name: 'A' }));
    clock.advance(3_600_000);
    const again = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555', name: 'Other' }));
    expect(again.id).toBe(first.id);
    expect(again.last_seen_at).toBe('2026-03-01T13:00:00+00:00');
    expect(again.updated_at).toBe(first.updated_at);
    expect(again.name).toBe('A');
    expect(journal('contact.updated')).toHaveLength(1);
  });

  it('fills a missing name (a real change: updated_at and contact.updated)', () => {
    const { store, clock, contacts, journal } = build();
    store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555' }));
    clock.advance(60_000);
    const named = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555', name: 'Bo' }));
    expect(named.updated_at).toBe('2026-03-01T12:01:00+00:00');
    expect(journal('contact.updated').at(-1)).toMatchObject({ changed_fields: ['name'], source: 'inbound' });
  });

  it('keeps first_user_message_at null for someone who only commented, until they message', () => {
    const { store, clock, contacts } = build();
    const commented = store.transaction(() =>
      contacts.upsertFromInbound(1, { channel: 'facebook', platform_user_id: 'fb', kind: 'comment' }),
    );
    expect(commented.first_user_message_at).toBeNull();
    clock.advance(60_000);
    const messaged = store.transaction(() => contacts.upsertFromInbound(1, { channel: 'facebook', platform_user_id: 'fb' }));
    expect(messaged.first_user_message_at).toBe('2026-03-01T12:01:00+00:00');
    expect(messaged.first_seen_at).toBe('2026-03-01T12:00:00+00:00');
  });
});

describe('contacts model: ensureContact (cold outbound)', () => {
  it('creates with first_user_message_at null and the number as phone, and returns an existing contact untouched', () => {
    const { store, contacts } = build();
    const made = store.transaction(() => contacts.ensureContact(1, { channel: 'whatsapp', platform_user_id: '447700900123' }));
    expect(made.created).toBe(true);
    expect(made.contact).toMatchObject({ first_user_message_at: null, phone: '+447700900123' });
    const again = store.transaction(() => contacts.ensureContact(1, { channel: 'whatsapp', platform_user_id: '447700900123', name: 'X' }));
    expect(again).toEqual({ contact: made.contact, created: false });
  });
});

describe('contacts model: holdingEvents (one contact.updated per contact for a run of writes)', () => {
  const setUp = () => {
    const built = build();
    const contact = built.store.transaction(() => built.contacts.upsertFromInbound(1, { channel: 'sms', platform_user_id: '+1555' }));
    built.clock.advance(60_000);
    return { ...built, contact, eventsBefore: built.journal().length };
  };

  it('merges the changed fields of every write into one contact.updated, then one lead.captured, with the first write’s source', () => {
    const { store, contacts, contact, journal, eventsBefore } = setUp();
    store.transaction(() =>
      contacts.holdingEvents(() => {
        contacts.update(1, contact.id, { email: 'a@example.test' }, 'inbound');
        contacts.attachTag(1, contact.id, 'vip', 'inbound');
        contacts.update(1, contact.id, { stage: 'qualified' }, 'inbound');
      }),
    );
    const fired = journal().slice(eventsBefore) as { changed_fields?: string[]; source: string; captured?: string[] }[];
    expect(fired).toHaveLength(2);
    expect([...fired[0]!.changed_fields!].sort()).toEqual(['email', 'stage', 'tags']);
    expect(fired[0]!.source).toBe('inbound');
    expect(fired[1]).toMatchObject({ captured: ['email'], source: 'inbound' });
  });

  it('announces nothing, and leaves updated_at, when the writes cancel out', () => {
    const { store, contacts, contact, journal, eventsBefore } = setUp();
    store.transaction(() =>
      contacts.holdingEvents(() => {
        contacts.update(1, contact.id, { email: 'a@example.test' }, 'inbound');
        contacts.update(1, contact.id, { email: null }, 'inbound');
      }),
    );
    expect(journal().slice(eventsBefore)).toEqual([]);
    expect(contacts.find(1, contact.id)).toMatchObject({ updated_at: contact.updated_at, email: null, lead_captured_at: null });
  });

  it('a run inside another joins it; outside any run each write announces itself as before', () => {
    const { store, contacts, contact, journal, eventsBefore } = setUp();
    store.transaction(() =>
      contacts.holdingEvents(() => {
        contacts.update(1, contact.id, { notes: 'one' }, 'inbound');
        contacts.holdingEvents(() => contacts.update(1, contact.id, { stage: 'contacted' }, 'inbound'));
      }),
    );
    expect(journal('contact.updated').slice(-1)).toEqual([expect.objectContaining({ changed_fields: ['stage', 'notes'] })]);
    const held = journal().length;
    expect(held).toBe(eventsBefore + 1);
    store.transaction(() => {
      contacts.update(1, contact.id, { notes: 'two' });
      contacts.update(1, contact.id, { stage: 'qualified' });
    });
    expect(journal().length).toBe(held + 2);
  });
});
