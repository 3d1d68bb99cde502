/** Contacts: identity, partial updates, tags that are only ever added by upsert, custom field values, erasure. */
import { contactPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { customFieldsGroup } from '../custom-fields/index.js';
import { tagsGroup } from '../tags/index.js';
import { contactEvents } from './events.js';
import { contactHooks, createContactsModel } from './model.js';
import { contactMutants } from './mutants.js';
import { contactRoutes } from './routes.js';
import { contactSeed } from './seed.js';

export const contactsGroup = defineGroup({
  name: 'contacts',
  description: 'Contacts (2.2, 4.2): one per (channel, platform_user_id), tags, custom field values, erasure with everything hanging off them.',
  needs: [tagsGroup, customFieldsGroup],
  hooks: contactHooks,
  model: ({ core, needs, hooks }) => createContactsModel(core, needs, hooks),
  listen: ({ model, on }) => on.tags.tagDeleted.add((accountId, tagId) => model.detachTagEverywhere(accountId, tagId)),
  routes: contactRoutes,
  events: contactEvents,
  seed: contactSeed,
  pull: contactPull,
  mutants: contactMutants,
});
