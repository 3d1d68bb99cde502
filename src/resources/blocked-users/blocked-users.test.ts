import { describe, expect, it } from 'vitest';
import { data, errorCode, errorParam, messagingSim } from '../../../test/support/messaging.js';

type Block = { id: number; channel: string; platform_user_id: string | null; ig_username: string | null; display_name: string | null; conversation_id: number | null; source: string; blocked_at: string };

describe('POST /blocked-users', () => {
  it('blocks by ig_username with or without @ (stored lower-case, without @)', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1', 'hi', { name: 'Troll', ig_username: 'The.Troll' });
    const res = await s.call('POST', '/blocked-users', { ig_username: '@the.troll' }, s.keys.write);
    expect(res.status).toBe(201);
    expect(data<Block>(res)).toMatchObject({
      channel: 'instagram',
      ig_username: 'the.troll',
      platform_user_id: 'ig_1',
      display_name: 'Troll',
      conversation_id: id,
      source: 'ig_username',
      blocked_at: '2026-01-01T00:00:00+00:00',
    });
    const unknown = data<Block>(await s.call('POST', '/blocked-users', { ig_username: 'nobody_yet' }));
    expect(unknown).toMatchObject({ ig_username: 'nobody_yet', platform_user_id: null, conversation_id: null, display_name: null });
  });

  it('blocks by a Facebook or Instagram conversation', async () => {
    const s = messagingSim();
    const id = s.writeIn('facebook', 'fb_1', 'hi', { name: 'Pest' });
    expect(data<Block>(await s.call('POST', '/blocked-users', { conversation_id: id }))).toMatchObject({
      channel: 'facebook',
      platform_user_id: 'fb_1',
      conversation_id: id,
      display_name: 'Pest',
      source: 'conversation',
    });
  });

  it('takes exactly one of ig_username or conversation_id, and only Facebook or Instagram threads', async () => {
    const s = messagingSim();
    const sms = s.writeIn('sms', '+15550100001');
    const ig = s.writeIn('instagram', 'ig_1');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'ig_username'],
      [{ ig_username: 'a', conversation_id: ig }, 'ig_username'],
      [{ ig_username: 'has space' }, 'ig_username'],
      [{ ig_username: '@' }, 'ig_username'],
      [{ ig_username: 'x'.repeat(31) }, 'ig_username'],
      [{ conversation_id: sms }, 'conversation_id'],
      [{ conversation_id: 999999 }, 'conversation_id'],
      [{ conversation_id: '1' }, 'conversation_id'],
      [{ platform_user_id: 'ig_1' }, 'platform_user_id'],
    ];
    for (const [body, param] of cases) {
      const res = await s.call('POST', '/blocked-users', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorCode(res)).toBe('invalid_param');
      expect(errorParam(res), JSON.stringify(body)).toBe(param);
    }
    expect((await s.call('POST', '/blocked-users', { ig_username: 'x'.repeat(30) })).status).toBe(201);
    expect((await s.call('POST', '/blocked-users', { ig_username: 'a' }, s.keys.read)).status).toBe(403);
  });

  it('409 already_blocked for the same person, by any route', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1', 'hi', { ig_username: 'same.person' });
    await s.call('POST', '/blocked-users', { ig_username: 'Same.Person' });
    for (const body of [{ ig_username: '@same.person' }, { conversation_id: id }]) {
      const res = await s.call('POST', '/blocked-users', body);
      expect([res.status, errorCode(res)]).toEqual([409, 'already_blocked']);
    }
  });

  it('409 not_connected when the channel is not connected', async () => {
    const s = messagingSim();
    s.sim.sandbox.setChannel(s.accountId, 'instagram', { connected: false });
    const res = await s.call('POST', '/blocked-users', { ig_username: 'someone' });
    expect([res.status, errorCode(res)]).toEqual([409, 'not_connected']);
  });
});

describe('GET and DELETE /blocked-users', () => {
  it('unblock keeps the row out of the list; a re-block gets a new id; a repeat unblock is 404', async () => {
    const s = messagingSim();
    const first = data<Block>(await s.call('POST', '/blocked-users', { ig_username: 'someone' }));
    const second = data<Block>(await s.call('POST', '/blocked-users', { ig_username: 'other' }));
    expect(data<Block[]>(await s.get('/blocked-users', undefined, s.keys.read)).map((b) => b.id)).toEqual([second.id, first.id]);
    expect((await s.call('DELETE', `/blocked-users/${first.id}`, undefined, s.keys.read)).status).toBe(403);
    const res = await s.call('DELETE', `/blocked-users/${first.id}`, undefined, s.keys.write);
    expect(data(res)).toEqual({ id: first.id, object: 'blocked_user', deleted: true });
    expect(data<Block[]>(await s.get('/blocked-users')).map((b) => b.id)).toEqual([second.id]);
    expect((await s.call('DELETE', `/blocked-users/${first.id}`)).status).toBe(404);
    const again = data<Block>(await s.call('POST', '/blocked-users', { ig_username: 'someone' }));
    expect(again.id).toBeGreaterThan(second.id);
    expect((await s.call('DELETE', `/blocked-users/${again.id}`, undefined, s.otherKey)).status).toBe(404);
  });

  it('a block stops owner claims, sends and inbound messages until lifted', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1', 'hi', { ig_username: 'pest' });
    const block = data<Block>(await s.call('POST', '/blocked-users', { ig_username: 'pest' }));
    expect(errorCode(await s.call('PATCH', `/conversations/${id}`, { ai_paused: true }))).toBe('blocked');
    expect(errorCode(await s.send({ conversation_id: id, message_text: 'x' }))).toBe('unprocessable_send');
    const events = s.eventTypes().length;
    const dropped = s.sim.sandbox.inbound(s.accountId, { channel: 'instagram', platform_user_id: 'ig_1', text: 'let me in' });
    expect(dropped).toEqual({ delivered: false, reason: 'blocked', blocked_user_id: block.id });
    expect(s.eventTypes()).toHaveLength(events);
    await s.call('DELETE', `/blocked-users/${block.id}`);
    expect((await s.call('PATCH', `/conversations/${id}`, { ai_paused: true })).status).toBe(200);
    expect((await s.send({ conversation_id: id, message_text: 'x' })).status).toBe(200);
  });

  it('keeps the block when the conversation is deleted', async () => {
    const s = messagingSim();
    const id = s.writeIn('facebook', 'fb_1');
    const block = data<Block>(await s.call('POST', '/blocked-users', { conversation_id: id }));
    await s.call('DELETE', `/conversations/${id}`);
    expect(data<Block[]>(await s.get('/blocked-users'))).toEqual([{ ...block, conversation_id: null }]);
    const dropped = s.sim.sandbox.inbound(s.accountId, { channel: 'facebook', platform_user_id: 'fb_1', text: 'hi' });
    expect(dropped.delivered).toBe(false);
  });
});
