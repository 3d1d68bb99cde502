/**
 * Cross-account isolation for every resource family that has ids (7.1: 404 for a resource "missing
 * or not owned by the account"; 2.1: each account sees its own): conversations, webhook
 * endpoints, custom fields, team members and invitations, blocked users and opt-outs. (Keys, tags
 * and contacts have their own `*.other-account` checks.)
 *
 * Account B's records come from B's own data where it has some (read-side, so this works on any
 * deployment), else the kit makes one in B. Account A then asks for B's id. The spec does not say
 * ids are global, so an A record that happens to carry the same id is not a leak: a leak is an
 * answer that shows B's record (same identity: platform user, URL, email, field key and date...).
 * A request that could change B's record is only sent when the record is the kit's own, or when
 * it cannot change anything even if wrongly accepted (a field archived again, a role set to the
 * role it has); and never when account A has a record of that id itself (ids may be per account),
 * since the request would then change A's own data.
 */
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { errorCodeOf, expectStatus, fail, readList } from '../runner/expect.js';
import { KIT_NAME, POOL_PREFIX } from '../safety/tombstones.js';
import { costOf, dataOf, numericId, skipIfScopeRefused, walk } from './helpers.js';
import { freshPhone } from './sandbox.js';

const group = 'isolation';
type Item = Record<string, unknown>;

/** The fields that make a record the one it is, whatever its id (same values = same record). */
function sameRecord(a: Item, b: Item, fields: readonly string[]): boolean {
  return fields.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/**
 * Account A asks for B's record: 404, or (ids being per-account on that server) A's own record of
 * the same id; never B's record. Says which it was.
 */
function expectNotB(response: KitResponse, record: Item, identity: readonly string[], what: string): 'absent' | 'own' {
  if (response.status === 404) {
    if (errorCodeOf(response) !== 'not_found') fail(`${what}: a record of another account must be 404 not_found, got 404 ${errorCodeOf(response) ?? 'without the envelope'}`, response);
    return 'absent';
  }
  const data = dataOf(response);
  if (response.status >= 200 && response.status < 300 && data && !sameRecord(data, record, identity)) return 'own';
  if (data && sameRecord(data, record, identity)) fail(`${what}: account A got account B's record (7.1: 404 when not owned by the account)`, response);
  return fail(`${what}: expected 404 not_found for a record of another account, got HTTP ${response.status} ${errorCodeOf(response) ?? ''}`.trim(), response);
}

/** Account A has a record of this id itself: a changing request would touch A's own data. */
function aHas(items: readonly Item[], id: unknown): boolean {
  return items.some((item) => item['id'] === id);
}

/** A's list must not show B's record (an A record with the same id but another identity is fine). */
function expectNotListed(items: readonly Item[], record: Item, identity: readonly string[], what: string, page?: KitResponse): void {
  if (items.some((item) => item['id'] === record['id'] && sameRecord(item, record, identity))) fail(`${what} lists account B's record ${String(record['id'])}`, page);
}

async function listAs(ctx: CheckContext, path: string, key: string, query: Record<string, string> = {}): Promise<{ items: Item[]; page: KitResponse }> {
  const response = await ctx.send({ path, key, query });
  expectStatus(response, 200, `${key === 'b' ? 'account B: ' : ''}GET ${path}`);
  return { items: readList(response, `GET ${path}`).data as Item[], page: response };
}

const CONVERSATION_IDENTITY = ['channel', 'platform_user_id', 'created_at'];

export const isolationChecks: CheckDefinition[] = [
  {
    id: 'isolation.conversations',
    title: "Another account's conversation and transcript are 404 and not listed",
    clause: '4.4',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /conversations', 'GET /conversations/{id}'],
    needs: ['key_b'],
    cost: costOf(5),
    async run(ctx) {
      const foreign = await ctx.setup("find a conversation of account B", async () => {
        const { items } = await listAs(ctx, '/conversations', 'b', { limit: '5' });
        if (items[0]) return items[0];
        // An empty account B: on the simulator a customer writes in to B (B's admin key).
        if (!ctx.target.simulator || ctx.profile === 'read-only') return ctx.skip('nothing_to_compare', 'account B has no conversations');
        const made = await ctx.send({ method: 'POST', path: '/_sandbox/inbound', key: 'b', fromOrigin: true, body: { channel: 'telegram', platform_user_id: ctx.name('b_customer'), text: 'hello', name: `${ctx.prefix} customer` } });
        expectStatus(made, 200, 'sandbox: a customer writes in to account B');
        const contactId = numericId(dataOf(made)?.['contact_id']);
        if (contactId !== undefined) ctx.ledger.add({ kind: 'contact', id: contactId, account: 'b', method: 'DELETE', path: `/contacts/${contactId}`, seq: made.exchange.seq });
        return (await listAs(ctx, '/conversations', 'b', { limit: '5' })).items[0] ?? ctx.skip('nothing_to_compare');
      });
      const id = foreign['id'];
      expectNotB(await ctx.send({ path: `/conversations/${String(id)}` }), foreign, CONVERSATION_IDENTITY, `GET /conversations/${String(id)} (account B's)`);
      if (ctx.serves('GET', '/conversations/{id}/messages')) {
        const transcript = await ctx.send({ path: `/conversations/${String(id)}/messages` });
        if (transcript.status !== 404) {
          // Only A's own conversation of that id may answer.
          const own = await ctx.send({ path: `/conversations/${String(id)}` });
          if (own.status !== 200) fail(`GET /conversations/${String(id)}/messages answered HTTP ${transcript.status} for account B's conversation (7.1: 404)`, transcript);
        }
      }
      const mine = await listAs(ctx, '/conversations', 'a', { limit: '100' });
      expectNotListed(mine.items, foreign, CONVERSATION_IDENTITY, 'GET /conversations', mine.page);
    },
  },
  {
    id: 'isolation.webhook-endpoints',
    title: "Another account's webhook endpoint is 404 and not listed, and A cannot delete it",
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /webhooks/endpoints', 'GET /webhooks/endpoints/{id}'],
    needs: ['key_b'],
    cost: costOf(6),
    async run(ctx) {
      const identity = ['name', 'url', 'created_at'];
      const { record, ours } = await ctx.setup('find or make a webhook endpoint in account B', async () => {
        const { items } = await listAs(ctx, '/webhooks/endpoints', 'b');
        if (items[0]) return { record: items[0], ours: false };
        if (ctx.profile === 'read-only' || !ctx.serves('POST', '/webhooks/endpoints')) return ctx.skip('nothing_to_compare', 'account B has no webhook endpoints');
        // Created paused at a URL that is never delivered to; the sweep deletes it.
        const made = await ctx.send({ method: 'POST', path: '/webhooks/endpoints', key: 'b', body: { name: ctx.name('b_hook'), url: `https://hooks.switchboard.invalid/switchboard-conformance/${ctx.prefix}` } });
        skipIfScopeRefused(ctx, made, 'admin');
        if (made.status === 403) return ctx.skip('plan_limit_reached', 'account B has no room for an endpoint');
        expectStatus(made, [200, 201], 'account B: POST /webhooks/endpoints');
        const data = dataOf(made);
        if (!data) fail('account B: POST /webhooks/endpoints answered no endpoint', made);
        return { record: data, ours: true };
      });
      const id = String(record['id']);
      const seen = expectNotB(await ctx.send({ path: `/webhooks/endpoints/${id}` }), record, identity, `GET /webhooks/endpoints/${id} (account B's)`);
      const mine = await listAs(ctx, '/webhooks/endpoints', 'a');
      expectNotListed(mine.items, record, identity, 'GET /webhooks/endpoints', mine.page);
      if (!ours || seen === 'own' || aHas(mine.items, record['id']) || !ctx.serves('DELETE', '/webhooks/endpoints/{id}')) return;
      const admin = await ctx.keyFor('admin');
      expectNotB(await ctx.send({ method: 'DELETE', path: `/webhooks/endpoints/${id}`, key: admin }), record, identity, `DELETE /webhooks/endpoints/${id} (account B's)`);
      expectStatus(await ctx.send({ path: `/webhooks/endpoints/${id}`, key: 'b' }), 200, "account B's endpoint after account A tried to delete it");
    },
  },
  {
    id: 'isolation.custom-fields',
    title: "Another account's custom field is not listed and cannot be changed (404)",
    clause: '4.3',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /custom-fields'],
    needs: ['key_b'],
    cost: costOf(4),
    async run(ctx) {
      const identity = ['field_key', 'type', 'created_at'];
      const definitions = await ctx.setup('list the custom fields of account B', async () => (await listAs(ctx, '/custom-fields', 'b', { include_archived: 'true' })).items);
      // Best: an archived field of the kit's (a tombstone): archiving it again cannot change it.
      const tombstone = definitions.find((field) => field['archived'] === true && typeof field['field_key'] === 'string' && (KIT_NAME.test(field['field_key']) || field['field_key'].startsWith(POOL_PREFIX)));
      const record = tombstone ?? definitions[0];
      if (!record) return ctx.skip('nothing_to_compare', 'account B has no custom fields');
      const mine = await listAs(ctx, '/custom-fields', 'a', { include_archived: 'true' });
      expectNotListed(mine.items, record, identity, 'GET /custom-fields?include_archived=true', mine.page);
      if (!tombstone || aHas(mine.items, record['id']) || ctx.profile === 'read-only' || !ctx.serves('PATCH', '/custom-fields/{id}')) return;
      const key = await ctx.keyFor('write');
      const response = await ctx.send({ method: 'PATCH', path: `/custom-fields/${String(record['id'])}`, key, body: { archived: true }, harmless: true });
      expectNotB(response, record, identity, `PATCH /custom-fields/${String(record['id'])} (account B's archived field)`);
    },
  },
  {
    id: 'isolation.team',
    title: "Another account's team members and invitations are not listed and not reachable (404)",
    clause: '4.10',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /team'],
    needs: ['key_b'],
    cost: costOf(7),
    async run(ctx) {
      const identity = ['email', 'name', 'created_at'];
      let compared = 0;
      const members = await ctx.setup('list the team of account B', async () => (await listAs(ctx, '/team', 'b')).items);
      const mine = await listAs(ctx, '/team', 'a');
      const member = members[0];
      if (member) {
        compared++;
        expectNotListed(mine.items, member, identity, 'GET /team', mine.page);
        if (ctx.profile !== 'read-only' && ctx.serves('PATCH', '/team/{id}') && !aHas(mine.items, member['id'])) {
          // Setting the role it already has changes nothing, even on a server that lets it through.
          const admin = await ctx.keyFor('admin');
          const response = await ctx.send({ method: 'PATCH', path: `/team/${String(member['id'])}`, key: admin, body: { role: member['role'] }, harmless: true });
          expectNotB(response, member, identity, `PATCH /team/${String(member['id'])} (account B's member)`);
        }
      }
      if (ctx.profile !== 'read-only' && ctx.serves('POST', '/team/invitations') && ctx.serves('DELETE', '/team/invitations/{id}') && ctx.serves('GET', '/team/invitations')) {
        const made = await ctx.send({ method: 'POST', path: '/team/invitations', key: 'b', body: { email: `${ctx.name('b_invite')}@example.com`, name: `${ctx.prefix} invitee` } });
        if (made.status >= 200 && made.status < 300 && dataOf(made)) {
          const invitation = dataOf(made)!;
          compared++;
          const admin = await ctx.keyFor('admin');
          const invitationIdentity = ['email', 'created_at'];
          const listed = await listAs(ctx, '/team/invitations', 'a');
          expectNotListed(listed.items, invitation, invitationIdentity, 'GET /team/invitations', listed.page);
          const id = String(invitation['id']);
          if (!aHas(listed.items, invitation['id'])) {
            expectNotB(await ctx.send({ method: 'DELETE', path: `/team/invitations/${id}`, key: admin }), invitation, invitationIdentity, `DELETE /team/invitations/${id} (account B's)`);
            const still = await listAs(ctx, '/team/invitations', 'b');
            if (!still.items.some((item) => item['id'] === invitation['id'])) fail("account A's DELETE cancelled account B's invitation", still.page);
          }
        }
      }
      if (compared === 0) ctx.skip('nothing_to_compare', 'account B has no team members and no invitation could be made');
    },
  },
  {
    id: 'isolation.blocked-users',
    title: "Another account's block is not listed and A cannot lift it (404)",
    clause: '4.13',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /blocked-users', 'GET /blocked-users', 'DELETE /blocked-users/{id}'],
    needs: ['key_b'],
    cost: costOf(5),
    async run(ctx) {
      const identity = ['ig_username', 'platform_user_id', 'blocked_at'];
      const block = await ctx.setup('block someone in account B', async () => {
        const made = await ctx.send({ method: 'POST', path: '/blocked-users', key: 'b', body: { ig_username: ctx.name('b_blk').slice(0, 30) } });
        skipIfScopeRefused(ctx, made, 'write');
        expectStatus(made, [200, 201], 'account B: POST /blocked-users');
        return dataOf(made) ?? fail('account B: POST /blocked-users answered no block', made);
      });
      const mine = await listAs(ctx, '/blocked-users', 'a');
      expectNotListed(mine.items, block, identity, 'GET /blocked-users', mine.page);
      const id = String(block['id']);
      if (aHas(mine.items, block['id'])) return;
      expectNotB(await ctx.send({ method: 'DELETE', path: `/blocked-users/${id}`, key: await ctx.keyFor('write') }), block, identity, `DELETE /blocked-users/${id} (account B's)`);
      const still = await listAs(ctx, '/blocked-users', 'b');
      if (!still.items.some((item) => item['id'] === block['id'])) fail("account A's DELETE lifted account B's block", still.page);
    },
  },
  {
    id: 'isolation.opt-outs',
    title: "Another account's opt-outs are not listed",
    clause: '4.9',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /opt-outs'],
    needs: ['key_b'],
    cost: costOf(8),
    async run(ctx) {
      const identity = ['channel', 'identifier', 'recorded_at'];
      let theirs = await ctx.setup('list the opt-outs of account B', async () => (await walk(ctx, '/opt-outs', { key: 'b', limit: 100, maxPages: 3 })).items);
      if (theirs.length === 0 && ctx.target.simulator && ctx.profile !== 'read-only') {
        // On the simulator a customer of B texts STOP.
        const phone = freshPhone();
        await ctx.setup('an SMS customer of account B opts out (sandbox)', async () => {
          const inbound = await ctx.send({ method: 'POST', path: '/_sandbox/inbound', key: 'b', fromOrigin: true, body: { channel: 'sms', platform_user_id: phone, text: 'hi', name: `${ctx.prefix} customer` } });
          expectStatus(inbound, 200, 'sandbox: inbound to account B');
          const contactId = numericId(dataOf(inbound)?.['contact_id']);
          if (contactId !== undefined) ctx.ledger.add({ kind: 'contact', id: contactId, account: 'b', method: 'DELETE', path: `/contacts/${contactId}`, seq: inbound.exchange.seq });
          expectStatus(await ctx.send({ method: 'POST', path: '/_sandbox/opt-outs', key: 'b', fromOrigin: true, body: { channel: 'sms', platform_user_id: phone, status: 'opted_out' } }), 200, 'sandbox: STOP to account B');
        });
        theirs = (await walk(ctx, '/opt-outs', { key: 'b', limit: 100, maxPages: 3 })).items;
      }
      if (theirs.length === 0) return ctx.skip('nothing_to_compare', 'account B has no opt-outs');
      const mine = await walk(ctx, '/opt-outs', { limit: 100, maxPages: 5 });
      for (const record of theirs.slice(0, 20)) expectNotListed(mine.items, record, identity, 'GET /opt-outs', mine.pages[0]);
    },
  },
];
