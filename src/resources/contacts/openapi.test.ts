/** Issue 3, item 4: every contact, custom field and tag route is in /openapi.json, fully described. */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

interface Operation {
  operationId: string;
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }>; 'x-error-codes'?: string[] }>;
  'x-spec-section': string;
  'x-scope': string;
}

const ROUTES: [method: string, path: string, operationId: string, params: string[], body: boolean, errors: string[]][] = [
  ['get', '/contacts', 'listContacts', ['channel', 'stage', 'tag', 'email', 'phone', 'name', 'updated_since', 'limit', 'starting_after'], false, ['invalid_param']],
  ['post', '/contacts', 'upsertContact', [], true, ['invalid_param', 'invalid_json']],
  ['get', '/contacts/{id}', 'getContact', ['id'], false, ['not_found']],
  ['patch', '/contacts/{id}', 'updateContact', ['id'], true, ['invalid_param', 'not_found']],
  ['delete', '/contacts/{id}', 'deleteContact', ['id'], false, ['not_found']],
  ['post', '/contacts/{id}/tags', 'addContactTag', ['id'], true, ['invalid_param', 'not_found']],
  ['delete', '/contacts/{id}/tags/{tag}', 'removeContactTag', ['id', 'tag'], false, ['not_found']],
  ['get', '/custom-fields', 'listCustomFields', ['include_archived'], false, ['invalid_param']],
  ['post', '/custom-fields', 'createCustomField', [], true, ['invalid_param', 'conflict']],
  ['patch', '/custom-fields/{id}', 'updateCustomField', ['id'], true, ['invalid_param', 'not_found']],
  ['get', '/tags', 'listTags', [], false, []],
  ['post', '/tags', 'createTag', [], true, ['invalid_param']],
  ['delete', '/tags/{id}', 'deleteTag', ['id'], false, ['not_found']],
];

describe('/openapi.json: contacts, custom fields and tags', () => {
  const { sim } = testSimulator();
  const doc = sim.openapi() as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    webhooks: Record<string, unknown>;
  };

  for (const [method, path, operationId, params, body, errors] of ROUTES) {
    it(`${method.toUpperCase()} ${path}`, () => {
      const operation = doc.paths[path]?.[method];
      expect(operation?.operationId).toBe(operationId);
      const names = operation!.parameters.filter((p) => p.in !== 'header').map((p) => p.name);
      expect(names).toEqual(params);
      expect(Boolean(operation!.requestBody)).toBe(body);
      const documented = Object.values(operation!.responses).flatMap((response) => response['x-error-codes'] ?? []);
      for (const code of errors) expect(documented).toContain(code);
      expect(operation!['x-spec-section']).toMatch(/^4\.[235]$/);
      expect(operation!['x-scope']).toBe(method === 'get' ? 'read' : 'write');
    });
  }

  it('documents 201 and 200 where create-or-return applies, and 200 only for tag attach', () => {
    for (const [path, method] of [['/contacts', 'post'], ['/custom-fields', 'post'], ['/tags', 'post']] as const) {
      expect(Object.keys(doc.paths[path]![method]!.responses)).toEqual(expect.arrayContaining(['200', '201']));
    }
    expect(Object.keys(doc.paths['/contacts/{id}/tags']!['post']!.responses)).not.toContain('201');
  });

  it('names the resource components with every field of 2.2 to 2.4', () => {
    const contact = doc.components.schemas['Contact']!;
    expect(Object.keys(contact.properties!)).toEqual([
      'id', 'channel', 'platform_user_id', 'name', 'email', 'phone', 'ig_username', 'profile_pic_url', 'stage', 'tags',
      'lead_score', 'lead_temperature', 'notes', 'custom_fields', 'first_seen_at', 'first_user_message_at', 'last_seen_at',
      'created_at', 'updated_at',
    ]);
    expect(Object.keys(doc.components.schemas['CustomField']!.properties!)).toEqual([
      'id', 'object', 'field_key', 'label', 'type', 'archived', 'created_at',
    ]);
    expect(Object.keys(doc.components.schemas['Tag']!.properties!)).toEqual(['id', 'name', 'color', 'created_at']);
    expect(doc.components.schemas['UpsertContactRequest']!.required).toEqual(['channel', 'platform_user_id']);
  });

  it('describes the contact event payloads', () => {
    for (const name of ['contact.updated', 'contact.field_changed', 'lead.captured']) expect(doc.webhooks[name]).toBeDefined();
    const fieldChanged = doc.components.schemas['Event_contact_field_changed']!.properties!['data'] as { properties: object };
    expect(Object.keys(fieldChanged.properties)).toEqual(['contact_id', 'field_key', 'value', 'previous_value', 'changed_at', 'source']);
  });
});
