/**
 * Loads one seed account's tags, custom field definitions and contacts, in that order (contacts
 * refer to both). Runs inside the seed's transaction; no events fire. Ids follow seed order, so
 * the same seed always gives the same ids.
 */
import type { z } from 'zod';
import type { App } from '../app.js';
import type { seedContactFields } from './seed-schema.js';

type SeedParts = { [K in keyof typeof seedContactFields]?: z.output<(typeof seedContactFields)[K]> };

/** Calls `work`, and names the seed path of whatever it threw. */
export type AtPath = (path: readonly (string | number)[], work: () => void) => void;

export function applyContactsSeed(app: App, accountId: number, account: SeedParts, at: AtPath): void {
  const { tags, customFields, contacts } = app.models;
  const now = app.clock.iso();
  (account.tags ?? []).forEach((tag, index) =>
    at(['tags', index], () => {
      if (!tags.create(accountId, tag.name, tag.color).created) throw new Error(`duplicate tag ${tag.name}`);
    }),
  );
  (account.custom_fields ?? []).forEach((field, index) =>
    at(['custom_fields', index], () => {
      const result = customFields.create(accountId, field);
      if (!result.created) throw new Error(`duplicate custom field ${field.field_key}`);
      if (field.archived) customFields.update(accountId, result.field.id, { archived: true });
    }),
  );
  (account.contacts ?? []).forEach((contact, index) =>
    at(['contacts', index], () => {
      contacts.seedContact(accountId, {
        ...contact,
        first_user_message_at: contact.first_user_message_at === undefined ? (contact.created_at ?? now) : contact.first_user_message_at,
      });
    }),
  );
}
