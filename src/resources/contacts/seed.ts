/**
 * The `contacts` section of a seed account (docs/fixtures.md). Fields reuse the API's own rules,
 * so a seed cannot hold what the API would refuse. Loaded after tags and custom fields (this
 * group needs both): a contact's tags are created with the default colour when not defined.
 * Ids follow seed order, so the same seed always gives the same ids; no events fire.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { Channel, Timestamp } from '../shared/schemas.js';
import { oneCreationTime, SeedCreatedFields, seededCreatedAt } from '../shared/seed-created.js';
import { TagName } from '../tags/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { ContactsModel, ContactsNeeds } from './model.js';
import { Email, LIMITS, Phone, PlatformUserId, Stage } from './schemas.js';

export const SeedContact = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  channel: Channel,
  platform_user_id: PlatformUserId,
  name: z.string().max(LIMITS.name).nullable().optional(),
  email: Email.nullable().optional(),
  phone: Phone.nullable().optional(),
  ig_username: z.string().min(1).max(255).nullable().optional(),
  profile_pic_url: z.string().min(1).max(2048).nullable().optional(),
  stage: Stage.optional(),
  lead_score: z.number().int().min(0).max(100).optional(),
  lead_temperature: z.string().min(1).max(50).optional(),
  notes: z.string().max(LIMITS.notes).nullable().optional(),
  /** Tag names; a tag not listed under `tags` is created with the default colour. */
  tags: z.array(TagName).optional(),
  /** Values checked like the API's: each key must be a defined field of the account. */
  custom_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  ...SeedCreatedFields,
  first_seen_at: Timestamp.optional(),
  /** Omitted: when the seed loads. null: a person who only commented. */
  first_user_message_at: Timestamp.nullable().optional(),
  last_seen_at: Timestamp.optional(),
  /** A pulled seed's: when the contact last changed (a flow run, a PATCH). Default: its creation. */
  updated_at: Timestamp.optional(),
}).refine(...oneCreationTime);


export const contactSeed = seedFor<ContactsModel, ContactsNeeds>()({
  fields: { contacts: z.array(SeedContact).optional() },
  defaults,
  ids: { contacts: 'contact' },
  apply: ({ model, core, accountId, each }, { contacts }) => {
    const now = core.clock.now();
    each('contacts', contacts, (contact) => {
      const { id: _id, created_ago: _ago, ...fields } = contact;
      const created_at = seededCreatedAt(contact, now);
      model.seedContact(accountId, {
        ...fields,
        ...(created_at === undefined ? {} : { created_at }),
        first_user_message_at: contact.first_user_message_at === undefined ? (created_at ?? core.clock.iso(now)) : contact.first_user_message_at,
      });
    });
  },
});
