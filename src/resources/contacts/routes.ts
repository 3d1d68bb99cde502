/** HTTP for contacts and the tags on a contact (4.2). */
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { ContactsModel } from './model.js';
import { IdParams } from '../shared/schemas.js';
import {
  AddContactTagBody,
  Contact,
  ContactTagParams,
  DeletedContact,
  ListContactsQuery,
  UpdateContactBody,
  UpsertContactBody,
} from './schemas.js';

const tag = 'Contacts';
const route = routesFor<ContactsModel>();

export const contactRoutes = [
  route({
    operationId: 'listContacts',
    method: 'GET',
    path: '/contacts',
    tag,
    summary: 'List contacts newest first; every filter given must match (AND)',
    description: 'An invalid filter value answers 400 invalid_param naming the parameter.',
    section: '4.2',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListContactsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: Contact, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.list(caller.accountId, query, page)),
  }),

  route({
    operationId: 'getContact',
    method: 'GET',
    path: '/contacts/{id}',
    tag,
    summary: 'One contact; a non-numeric, unknown or other account’s id answers 404',
    section: '4.2',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: Contact, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.presentForRead(model.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'upsertContact',
    method: 'POST',
    path: '/contacts',
    tag,
    summary: 'Create (201) or partially update (200) the contact with this channel and platform_user_id',
    description:
      'Tags are added, never removed; missing tags are created. custom_fields are merged all or nothing and each key ' +
      'must be a defined, active field.',
    section: '4.2',
    scope: 'write',
    scopeSource: 'assumption',
    body: UpsertContactBody,
    success: { statuses: [201, 200], schema: Contact, envelope: 'data' },
    handler: ({ caller, body }, { model }) => {
      const result = model.upsert(caller.accountId, body);
      return result.created ? created(model.present(result.contact)) : ok(model.present(result.contact));
    },
  }),

  route({
    operationId: 'updateContact',
    method: 'PATCH',
    path: '/contacts/{id}',
    tag,
    summary: 'Change stage, name, email, phone, notes or custom_fields; "" clears a field',
    description:
      'An empty body answers 400 listing the updatable fields. In custom_fields a null value clears the key; each ' +
      'value is checked against its field type and a failure names custom_fields.<key>. Every real change of a ' +
      'custom field value fires contact.field_changed.',
    section: '4.2',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: UpdateContactBody,
    success: { statuses: [200], schema: Contact, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.present(model.update(caller.accountId, params.id, body))),
  }),

  route({
    operationId: 'deleteContact',
    method: 'DELETE',
    path: '/contacts/{id}',
    tag,
    summary: 'Erase a contact with its conversations, messages and appointments; tag definitions survive',
    section: '4.2',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: DeletedContact, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const removed = model.remove(caller.accountId, params.id);
      return ok({ id: removed.id, object: 'contact', deleted: true });
    },
  }),

  route({
    operationId: 'addContactTag',
    method: 'POST',
    path: '/contacts/{id}/tags',
    tag,
    summary: 'Attach a tag by name (created with the default colour if missing); re-attaching is a 200 no-op',
    section: '4.2',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: AddContactTagBody,
    success: { statuses: [200], schema: Contact, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.present(model.attachTag(caller.accountId, params.id, body.name))),
  }),

  route({
    operationId: 'removeContactTag',
    method: 'DELETE',
    path: '/contacts/{id}/tags/{tag}',
    tag,
    summary: 'Detach a tag given by id or URL-encoded name; an unattached tag answers 200, an unknown one 404',
    description: 'All-digit segments are tag ids. Names that are all digits or contain / must be given by id.',
    section: '4.2',
    scope: 'write',
    scopeSource: 'assumption',
    params: ContactTagParams,
    success: { statuses: [200], schema: Contact, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.present(model.detachTag(caller.accountId, params.id, params.tag))),
  }),
];
