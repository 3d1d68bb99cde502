/**
 * Opt-outs (4.9, 2.15) and blocked users (4.13, 2.21, 3.7). Opt-outs are recorded by customers,
 * so the kit can add one on the simulator only; the filters and shapes are checked anywhere.
 * Blocks are made and lifted through the API: exactly one of `ig_username` or `conversation_id`,
 * a second block is 409, an unblocked row leaves the list and a new block gets a new id.
 */
import { BlockedUser } from '../../src/resources/blocked-users/schemas.js';
import { OptOut } from '../../src/resources/opt-outs/schemas.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../runner/expect.js';
import { costOf } from './helpers.js';
import { freshPhone, inbound, sandbox } from './sandbox.js';

async function optOuts(ctx: CheckContext, query: Record<string, string>) {
  const response = await ctx.send({ path: '/opt-outs', query: { limit: '100', ...query } });
  expectStatus(response, 200, `GET /opt-outs?${new URLSearchParams(query).toString()}`);
  return { response, items: readList(response, 'GET /opt-outs').data.map((item) => expectShape(item, OptOut, 'opt-out (2.15)', response)) };
}

async function block(ctx: CheckContext, body: Record<string, unknown>) {
  return ctx.send({ method: 'POST', path: '/blocked-users', key: await ctx.keyFor('write'), body });
}

export const optOutAndBlockChecks: CheckDefinition[] = [
  {
    id: 'opt-outs.filters',
    title: 'GET /opt-outs: newest first; opted_in is SMS only; a scope excludes SMS; bad values 400',
    clause: '4.9',
    level: 'spec',
    group: 'opt-outs',
    profile: 'read-only',
    routes: ['GET /opt-outs'],
    cost: costOf(4),
    async run(ctx) {
      const all = await optOuts(ctx, {});
      for (let i = 1; i < all.items.length; i++) {
        if (Date.parse(all.items[i]!.recorded_at) > Date.parse(all.items[i - 1]!.recorded_at)) fail('GET /opt-outs is not most recent first (recorded_at)', all.response);
      }
      const optedIn = await optOuts(ctx, { status: 'opted_in' });
      if (optedIn.items.some((item) => item.channel !== 'sms')) fail('status=opted_in returned a non-SMS record (only SMS can be opted in)', optedIn.response);
      const scoped = await optOuts(ctx, { scope: 'all' });
      if (scoped.items.some((item) => item.channel === 'sms')) fail('passing scope must exclude SMS records', scoped.response);
      expectError(await ctx.send({ path: '/opt-outs', query: { channel: 'fax' } }), 400, 'invalid_param', 'GET /opt-outs?channel=fax', { param: 'channel' });
    },
  },
  {
    id: 'opt-outs.sms-stop-start',
    title: 'An SMS STOP lists as sms:<n> without method or keyword; START opts back in',
    clause: '2.15',
    level: 'spec',
    group: 'opt-outs',
    profile: 'safe',
    routes: ['GET /opt-outs'],
    cost: costOf(3),
    async run(ctx) {
      const phone = freshPhone();
      await inbound(ctx, { channel: 'sms', platformUserId: phone });
      expectStatus(await sandbox(ctx, 'POST', '/opt-outs', { channel: 'sms', platform_user_id: phone, status: 'opted_out' }), 200, 'sandbox: STOP');
      const stopped = (await optOuts(ctx, { channel: 'sms' })).items.find((item) => item.identifier === phone);
      if (!stopped) fail(`GET /opt-outs?channel=sms leaves out the STOP of ${phone}`);
      if (!/^sms:\d+$/.test(stopped.id) || stopped.method !== null || stopped.keyword !== null || stopped.status !== 'opted_out') {
        fail(`an SMS STOP should read id sms:<n>, method and keyword null, status opted_out; got ${JSON.stringify(stopped)}`);
      }
      expectStatus(await sandbox(ctx, 'POST', '/opt-outs', { channel: 'sms', platform_user_id: phone, status: 'opted_in' }), 200, 'sandbox: START');
      const started = await optOuts(ctx, { status: 'opted_in' });
      if (!started.items.some((item) => item.identifier === phone)) fail('after START the number should list under status=opted_in', started.response);
    },
  },
  {
    id: 'blocked-users.lifecycle',
    title: 'Block by username: listed; again 409 already_blocked; unblock unlists; a new block gets a new id',
    clause: '4.13',
    level: 'spec',
    group: 'blocked-users',
    profile: 'safe',
    routes: ['POST /blocked-users', 'GET /blocked-users', 'DELETE /blocked-users/{id}'],
    cost: costOf(7),
    async run(ctx) {
      const username = ctx.name('blk').slice(0, 30);
      const first = await block(ctx, { ig_username: `@${username}` });
      expectStatus(first, [200, 201], 'POST /blocked-users {ig_username}');
      const row = expectShape(readData(first, 'POST /blocked-users'), BlockedUser, 'blocked user (2.21)', first);
      expectError(await block(ctx, { ig_username: username }), 409, 'already_blocked', 'POST /blocked-users for a person already blocked');
      const listed = await ctx.send({ path: '/blocked-users' });
      if (!readList(listed, 'GET /blocked-users').data.some((b) => (b as { id?: unknown }).id === row.id)) fail('GET /blocked-users leaves out the new block', listed);
      // 4.13 says DELETE unblocks, not which 2xx says so.
      expectSuccess(await ctx.send({ method: 'DELETE', path: `/blocked-users/${row.id}`, key: await ctx.keyFor('write') }), 'DELETE /blocked-users/{id}');
      ctx.ledger.forget('blocked-user', row.id);
      const after = await ctx.send({ path: '/blocked-users' });
      if (readList(after, 'GET /blocked-users').data.some((b) => (b as { id?: unknown }).id === row.id)) fail('GET /blocked-users lists active blocks only; an unblocked row is still there', after);
      const again = await block(ctx, { ig_username: username });
      expectStatus(again, [200, 201], 'POST /blocked-users after unblocking');
      if (readData(again, 'POST /blocked-users')['id'] === row.id) fail('a new block reused the id of the lifted one (3.7: ids are never reused)', again);
    },
  },
  {
    id: 'blocked-users.exactly-one',
    title: 'A block names exactly one of ig_username or conversation_id (else 400)',
    clause: '4.13',
    level: 'spec',
    group: 'blocked-users',
    profile: 'safe',
    routes: ['POST /blocked-users'],
    cost: costOf(2),
    async run(ctx) {
      expectStatus(await block(ctx, {}), 400, 'POST /blocked-users with neither field');
      expectStatus(await block(ctx, { ig_username: ctx.name('both').slice(0, 30), conversation_id: 1 }), 400, 'POST /blocked-users with both fields');
    },
  },
];
