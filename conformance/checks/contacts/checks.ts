/**
 * Contacts and custom fields by example (4.2, 4.3, 2.2, 7.1): the rules a reader can check by
 * eye, next to the generated sequences. Create-or-update by identity with tags added (never
 * replaced), invalid parameters named, unknown and foreign ids 404, delete then 404, an empty
 * PATCH refused with the updatable fields listed, and the permanent parts of a custom field.
 */
import { Contact } from '../../../src/resources/contacts/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../../runner/expect.js';
import { costOf, skipIfScopeRefused } from '../helpers.js';

const group = 'contacts';

async function upsert(ctx: CheckContext, key: string, id: string, extra: Record<string, unknown> = {}) {
  return ctx.send({ method: 'POST', path: '/contacts', key, body: { channel: 'telegram', platform_user_id: id, name: `${id} person`, ...extra } });
}

function idIn(data: Record<string, unknown>): number {
  const id = data['id'];
  if (typeof id !== 'number') fail('the contact has no integer id');
  return id;
}

/** A contact to work on: any 2xx with an id will do (the create checks judge the status). */
async function aContact(ctx: CheckContext, key: string, id: string): Promise<number> {
  return ctx.setup('create a contact', async () => {
    const response = await upsert(ctx, key, id);
    expectStatus(response, [200, 201], 'POST /contacts');
    return idIn(readData(response, 'POST /contacts'));
  });
}

export const contactChecks: CheckDefinition[] = [
  {
    id: 'contacts.create-then-update',
    title: 'POST /contacts: 201 for a new identity, 200 for an update; tags are added, not replaced',
    clause: '4.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /contacts'],
    cost: costOf(2),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const id = ctx.name('person');
      const [first, second] = [`${id}_first`, `${id}_second`];
      const created = await upsert(ctx, key, id, { tags: [first], stage: 'contacted' });
      expectStatus(created, 201, 'POST /contacts with a new (channel, platform_user_id)');
      expectShape(readData(created, 'POST /contacts'), Contact, 'contact (2.2)', created);
      const updated = await upsert(ctx, key, id, { tags: [second] });
      expectStatus(updated, 200, 'POST /contacts with an existing (channel, platform_user_id)');
      const data = expectShape(readData(updated, 'POST /contacts'), Contact, 'contact (2.2)', updated);
      if (data.id !== idIn(readData(created, 'POST /contacts'))) fail('the update answered another contact', updated);
      if (!data.tags.includes(first) || !data.tags.includes(second)) fail(`tags after the update are [${data.tags.join(', ')}]; POST /contacts adds tags, never replaces them`, updated);
      if (data.stage !== 'contacted') fail(`an update without stage changed it to ${data.stage}; the update is partial`, updated);
    },
  },
  {
    id: 'contacts.invalid-params',
    title: 'Invalid contact fields and filters give 400 invalid_param naming the field',
    clause: '4.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /contacts', 'GET /contacts'],
    cost: costOf(5),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const id = ctx.name('invalid');
      const bodies: [string, Record<string, unknown>][] = [
        ['channel', { channel: 'fax', platform_user_id: id }],
        ['email', { channel: 'telegram', platform_user_id: id, email: 'not-an-address' }],
        ['phone', { channel: 'telegram', platform_user_id: id, phone: 'call me' }],
      ];
      for (const [param, body] of bodies) {
        expectError(await ctx.send({ method: 'POST', path: '/contacts', key, body }), 400, 'invalid_param', `POST /contacts with a bad ${param}`, { param });
      }
      for (const [param, value] of [['stage', 'bogus'], ['channel', 'fax']] as const) {
        const response = await ctx.send({ path: '/contacts', query: { [param]: value } });
        expectError(response, 400, 'invalid_param', `GET /contacts?${param}=${value}`, { param });
      }
    },
  },
  {
    id: 'contacts.unknown-id',
    title: 'A non-numeric or unknown contact id gives 404',
    clause: '4.2',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /contacts/{id}'],
    cost: costOf(2),
    async run(ctx) {
      for (const id of ['0', 'abc']) expectError(await ctx.send({ path: `/contacts/${id}` }), 404, 'not_found', `GET /contacts/${id}`);
    },
  },
  {
    id: 'contacts.empty-patch',
    title: 'PATCH /contacts/{id} with an empty body gives 400 listing the updatable fields',
    clause: '4.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /contacts', 'PATCH /contacts/{id}'],
    cost: costOf(2),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const id = await aContact(ctx, key, ctx.name('empty'));
      const response = await ctx.send({ method: 'PATCH', path: `/contacts/${id}`, key, body: {} });
      expectStatus(response, 400, 'PATCH /contacts/{id} with {}');
      const text = response.text;
      const missing = ['stage', 'name', 'email', 'phone', 'notes', 'custom_fields'].filter((field) => !text.includes(field));
      if (missing.length > 0) fail(`the 400 should list the updatable fields; it leaves out ${missing.join(', ')}`, response);
    },
  },
  {
    id: 'contacts.delete',
    title: 'DELETE /contacts/{id} answers {id, object: contact, deleted: true}; again is 404',
    clause: '4.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /contacts', 'DELETE /contacts/{id}', 'GET /contacts/{id}'],
    cost: costOf(4),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const id = await aContact(ctx, key, ctx.name('gone'));
      const removed = await ctx.send({ method: 'DELETE', path: `/contacts/${id}`, key });
      // 4.2 states the result body, so the success must carry it.
      expectSuccess(removed, `DELETE /contacts/${id}`);
      const data = readData(removed, 'DELETE /contacts/{id}');
      if (data['id'] !== id || data['object'] !== 'contact' || data['deleted'] !== true) fail('expected {data: {id, object: contact, deleted: true}}', removed);
      ctx.ledger.forget('contact', id);
      expectError(await ctx.send({ path: `/contacts/${id}`, key }), 404, 'not_found', 'GET of a deleted contact');
      expectError(await ctx.send({ method: 'DELETE', path: `/contacts/${id}`, key }), 404, 'not_found', 'DELETE of a deleted contact');
    },
  },
  {
    id: 'contacts.other-account',
    title: "Another account's contact is not readable, changeable or listed (404)",
    clause: '4.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /contacts', 'GET /contacts/{id}', 'PATCH /contacts/{id}', 'GET /contacts'],
    needs: ['key_b'],
    cost: costOf(4),
    async run(ctx) {
      const name = ctx.name('foreign');
      const id = await ctx.setup('create a contact in account B', async () => {
        const response = await upsert(ctx, 'b', name);
        skipIfScopeRefused(ctx, response, 'write');
        expectStatus(response, [200, 201], 'account B: POST /contacts');
        return idIn(readData(response, 'POST /contacts'));
      });
      const key = await ctx.keyFor('write');
      const read = await ctx.send({ path: `/contacts/${id}`, key });
      const mineOfThatId = read.status === 200 && readData(read, 'GET /contacts/{id}')['platform_user_id'] !== name;
      // Ids may be per account: A's own contact of that id is no leak, and must not be changed.
      if (!mineOfThatId) {
        expectError(read, 404, 'not_found', `GET /contacts/${id} (another account's contact)`);
        expectError(await ctx.send({ method: 'PATCH', path: `/contacts/${id}`, key, body: { stage: 'lost' } }), 404, 'not_found', `PATCH /contacts/${id} (another account's contact)`);
      }
      const listed = await ctx.send({ path: '/contacts', key, query: { name } });
      if (readList(listed, 'GET /contacts').data.some((c) => (c as { id?: unknown; platform_user_id?: unknown }).id === id && (c as { platform_user_id?: unknown }).platform_user_id === name)) {
        fail(`GET /contacts lists contact ${id} of another account`, listed);
      }
    },
  },
  {
    id: 'custom-fields.permanent',
    title: 'field_key and type are permanent: sending them in PATCH gives 400',
    clause: '4.3',
    level: 'spec',
    group,
    profile: 'full',
    routes: ['POST /custom-fields', 'PATCH /custom-fields/{id}', 'GET /custom-fields'],
    cost: costOf(7),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      // A field of the kit's pool (reused across runs): fields cannot be deleted, only archived.
      const field = await ctx.setup('have an active custom field of the kit', () => ctx.fields.acquire(key, 'number', 'Kit pool: number'));
      if (field === 'cap') return ctx.skip('plan_limit_reached', 'the account has 15 active custom fields');
      const otherType = field.type === 'text' ? 'number' : 'text';
      for (const body of [{ field_key: `${field.fieldKey}_x` }, { type: otherType }]) {
        expectStatus(await ctx.send({ method: 'PATCH', path: `/custom-fields/${field.id}`, key, body }), 400, `PATCH /custom-fields/{id} ${JSON.stringify(body)}`);
      }
      const archived = await ctx.send({ method: 'PATCH', path: `/custom-fields/${field.id}`, key, body: { archived: true } });
      expectStatus(archived, 200, 'PATCH /custom-fields/{id} archived');
      ctx.fields.markArchived(field.id);
      const active = await ctx.send({ path: '/custom-fields', key });
      if (readList(active, 'GET /custom-fields').data.some((f) => (f as { id?: unknown }).id === field.id)) fail('GET /custom-fields lists an archived field without include_archived', active);
      const all = await ctx.send({ path: '/custom-fields', key, query: { include_archived: 'true' } });
      if (!readList(all, 'GET /custom-fields').data.some((f) => (f as { id?: unknown }).id === field.id)) fail('GET /custom-fields?include_archived=true leaves out an archived field', all);
    },
  },
];
