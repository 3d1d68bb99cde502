import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../core/types.js';
import { CHANNEL_CAPABILITIES, SEND_ACTIONS } from '../channels/capabilities.js';
import { data, errorCode, errorParam, messagingSim } from '../../../test/support/messaging.js';

type Msg = { direction: string; sender_type: string; text: string | null; is_template: boolean };
type Conv = { id: number; contact_id: number; channel: string; platform_user_id: string };

const transcript = async (s: ReturnType<typeof messagingSim>, id: number) => data<Msg[]>(await s.get(`/conversations/${id}/messages`));
/** A real comment by this person (a private reply must rest on one); answers its id. */
const commentBy = (s: ReturnType<typeof messagingSim>, platform: 'facebook' | 'instagram', commenterId: string): string =>
  s.sim.sandbox.comment(s.accountId, { platform, text: 'nice post', commenter: { id: commenterId } }).comment_id;

describe('POST /messages routing and result', () => {
  it('routes by conversation_id and returns the 2.7 send result, appending an outbound message', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    const res = await s.send({ conversation_id: id, message_text: 'Thanks for writing!' });
    expect(res.status).toBe(200);
    expect(data(res)).toMatchObject({ status: 'sent', conversation_id: id, platform: 'instagram', action: 'send_message', sent_at: '2026-01-01T00:00:00+00:00' });
    expect(typeof data<{ request_id: string }>(res).request_id).toBe('string');
    expect(typeof data<{ message: string }>(res).message).toBe('string');
    const [last] = await transcript(s, id);
    expect(last).toMatchObject({ direction: 'outbound', sender_type: 'agent', text: 'Thanks for writing!', is_template: false });
  });

  it('routes by platform + platform_user_id and by to_phone in any common formatting', async () => {
    const s = messagingSim();
    const ig = s.writeIn('instagram', 'ig_1');
    const sms = s.writeIn('sms', '+15550100001');
    const wa = s.writeIn('whatsapp', '447700900001');
    expect(data<{ conversation_id: number }>(await s.send({ platform: 'instagram', platform_user_id: 'ig_1', message_text: 'a' })).conversation_id).toBe(ig);
    expect(data<{ conversation_id: number }>(await s.send({ to_phone: '+1 (555) 010-0001', message_text: 'b' })).conversation_id).toBe(sms);
    expect(data<{ conversation_id: number }>(await s.send({ to_phone: '+44 7700 900001', platform: 'whatsapp', message_text: 'c' })).conversation_id).toBe(wa);
  });

  it('answers 404 for an unknown or other account’s conversation_id', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    expect(errorCode(await s.send({ conversation_id: 999999, message_text: 'x' }))).toBe('not_found');
    const other = await s.send({ conversation_id: id, message_text: 'x' }, s.otherKey);
    expect([other.status, errorCode(other)]).toEqual([404, 'not_found']);
  });

  it('needs the write scope', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    expect(errorCode(await s.send({ conversation_id: id, message_text: 'x' }, s.keys.read))).toBe('insufficient_scope');
    expect((await s.send({ conversation_id: id, message_text: 'x' }, s.keys.write)).status).toBe(200);
  });
});

describe('POST /messages 400 invalid_request', () => {
  it('names the missing or invalid field', async () => {
    const s = messagingSim();
    const id = s.writeIn('whatsapp', '447700900001');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'conversation_id'],
      [{ message_text: 'x' }, 'conversation_id'],
      [{ conversation_id: id, platform_user_id: 'a', platform: 'instagram', message_text: 'x' }, 'conversation_id'],
      [{ conversation_id: id, to_phone: '+15550100001', message_text: 'x' }, 'conversation_id'],
      [{ conversation_id: id, platform: 'whatsapp', message_text: 'x' }, 'platform'],
      [{ platform_user_id: 'a', message_text: 'x' }, 'platform'],
      [{ to_phone: '+15550100001', platform: 'instagram', message_text: 'x' }, 'platform'],
      [{ to_phone: '+155501', message_text: 'x' }, 'to_phone'],
      [{ to_phone: '12345678901234567', message_text: 'x' }, 'to_phone'],
      [{ to_phone: 'call me', message_text: 'x' }, 'to_phone'],
      [{ conversation_id: id }, 'message_text'],
      [{ conversation_id: id, message_text: '' }, 'message_text'],
      [{ conversation_id: id, message_text: 'x'.repeat(4097) }, 'message_text'],
      [{ conversation_id: id, message_text: 'x', template_name: 'hello' }, 'message_text'],
      [{ conversation_id: id, template_language: 'en_US', message_text: 'x' }, 'template_name'],
      [{ conversation_id: id, action: 'typing_on', template_name: 'hello' }, 'template_name'],
      [{ conversation_id: id, template_name: 'hello', template_language: 'english' }, 'template_language'],
      [{ conversation_id: id, action: 'wave', message_text: 'x' }, 'action'],
      [{ conversation_id: id, message_text: 'x', buttons: [{ title: 'Go', type: 'text', response: 'ok' }] }, 'buttons'],
      [{ conversation_id: id, message_text: 'x', comment_id: 'c1', buttons: [{ title: 'x'.repeat(21), type: 'text', response: 'a' }] }, 'buttons.0.title'],
      [{ conversation_id: id, message_text: 'x', message_id: 'm1' }, 'message_id'],
      [{ conversation_id: '1', message_text: 'x' }, 'conversation_id'],
      [{ conversation_id: id, message_text: 'x', colour: 'red' }, 'colour'],
    ];
    for (const [body, param] of cases) {
      const res = await s.send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorCode(res)).toBe('invalid_request');
      expect(errorParam(res), JSON.stringify(body)).toBe(param);
    }
    const noKey = await s.call('POST', '/messages', { conversation_id: id, message_text: 'x' });
    expect([noKey.status, errorCode(noKey), errorParam(noKey)]).toEqual([400, 'invalid_request', 'idempotency_key']);
    const longKey = await s.call('POST', '/messages', { idempotency_key: 'k'.repeat(129), conversation_id: id, message_text: 'x' });
    // Section 5: a malformed key is invalid_idempotency_key, in the body as in the header (audit 12h H3).
    expect([longKey.status, errorCode(longKey), errorParam(longKey)]).toEqual([400, 'invalid_idempotency_key', 'idempotency_key']);
    for (const bad of ['', 'é-key', 7, null]) {
      const refused = await s.call('POST', '/messages', { idempotency_key: bad, conversation_id: id, message_text: 'x' });
      expect([refused.status, errorCode(refused), errorParam(refused)], JSON.stringify(bad)).toEqual([400, 'invalid_idempotency_key', 'idempotency_key']);
    }
    expect((await s.call('POST', '/messages', { idempotency_key: 'k'.repeat(128), conversation_id: id, message_text: 'x' })).status).toBe(200);
    const notObject = await s.call('POST', '/messages', [1, 2]);
    expect(errorCode(notObject)).toBe('invalid_request');
    // Nothing was sent by any refused request.
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
  });
});

describe('POST /messages idempotency', () => {
  it('deduplicates on the body idempotency_key: one message, the same result', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    const body = { idempotency_key: 'order-42', conversation_id: id, message_text: 'Your order shipped' };
    const first = await s.call('POST', '/messages', body);
    s.sim.sandbox.clock.advance('1m');
    const second = await s.call('POST', '/messages', body);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['Idempotent-Replayed']).toBe('true');
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
    const reused = await s.call('POST', '/messages', { ...body, message_text: 'Different' });
    expect([reused.status, errorCode(reused), errorParam(reused)]).toEqual([422, 'idempotency_key_reused', 'idempotency_key']);
    // Remembered 24 hours.
    s.sim.sandbox.clock.advance('24h');
    const later = await s.call('POST', '/messages', body);
    expect(data<{ request_id: string }>(later).request_id).not.toBe(data<{ request_id: string }>(first).request_id);
  });

  it('takes the Idempotency-Key header when the body has no key; both together are harmless', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    const body = { conversation_id: id, message_text: 'hi' };
    const a = await s.call('POST', '/messages', body, undefined, { 'Idempotency-Key': 'hdr-1' });
    const b = await s.call('POST', '/messages', body, undefined, { 'Idempotency-Key': 'hdr-1' });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const both = { ...body, idempotency_key: 'both-1' };
    const c = await s.call('POST', '/messages', both, undefined, { 'Idempotency-Key': 'both-1' });
    const d = await s.call('POST', '/messages', both, undefined, { 'Idempotency-Key': 'both-1' });
    expect(d.body).toEqual(c.body);
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toHaveLength(2);
  });

  it('does not remember a failed send: a retry with the same key after a 503 sends', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    s.sim.sandbox.failNextSends(s.accountId, { conversation_id: id, error: 'service_unavailable' });
    const body = { idempotency_key: 'retry-me', conversation_id: id, message_text: 'hi' };
    const failed = await s.call('POST', '/messages', body);
    expect([failed.status, errorCode(failed)]).toEqual([503, 'service_unavailable']);
    expect((failed.body as { error: { status: string } }).error.status).toBe('failed');
    expect(failed.headers['Retry-After']).toBe('1');
    expect((await s.call('POST', '/messages', body)).status).toBe(200);
  });

  it('replays a 4xx send failure on the body key as section 5 replays 4xx: the retry sends nothing', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    s.sim.sandbox.failNextSends(s.accountId, { conversation_id: id, error: 'forbidden' });
    const body = { idempotency_key: 'refused-once', conversation_id: id, message_text: 'hi' };
    const first = await s.call('POST', '/messages', body);
    expect([first.status, errorCode(first)]).toEqual([403, 'forbidden']);
    expect(first.headers['Idempotent-Replayed']).toBeUndefined();
    const retry = await s.call('POST', '/messages', body);
    expect(retry.status).toBe(403);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['Idempotent-Replayed']).toBe('true');
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toHaveLength(0);
    // The same key with another body is 422, naming the body field it came in.
    const other = await s.call('POST', '/messages', { ...body, message_text: 'hello' });
    expect([other.status, errorCode(other), errorParam(other)]).toEqual([422, 'idempotency_key_reused', 'idempotency_key']);
    // A new key sends.
    expect((await s.call('POST', '/messages', { ...body, idempotency_key: 'refused-once-2' })).status).toBe(200);
  });

  it('a key sent in the header and the body is one key: the header governs, the body key still deduplicates', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    const body = { idempotency_key: 'body-k', conversation_id: id, message_text: 'hi' };
    const viaBody = await s.call('POST', '/messages', body);
    const viaHeaderToo = await s.call('POST', '/messages', body, undefined, { 'Idempotency-Key': 'header-k' });
    expect(viaHeaderToo.body).toEqual(viaBody.body);
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
  });
});

describe('POST /messages cold outbound', () => {
  it('SMS, WhatsApp (template) and Telegram may start a conversation', async () => {
    const s = messagingSim();
    const sms = await s.send({ to_phone: '+1 555 010 0009', message_text: 'Your table is ready' });
    expect(sms.status).toBe(200);
    const smsConv = data<Conv>(await s.get(`/conversations/${data<{ conversation_id: number }>(sms).conversation_id}`));
    expect(smsConv).toMatchObject({ channel: 'sms', platform_user_id: '+15550100009' });
    const contact = data<{ phone: string; first_user_message_at: string | null }>(await s.get(`/contacts/${smsConv.contact_id}`));
    expect(contact).toMatchObject({ phone: '+15550100009', first_user_message_at: null });

    const wa = await s.send({ to_phone: '+447700900009', platform: 'whatsapp', template_name: 'order_update', template_language: 'en_GB', template_components: [{ type: 'body' }] });
    expect(wa.status).toBe(200);
    const waConv = data<Conv>(await s.get(`/conversations/${data<{ conversation_id: number }>(wa).conversation_id}`));
    expect(waConv.platform_user_id).toBe('447700900009');
    expect((await transcript(s, waConv.id))[0]).toMatchObject({ is_template: true, direction: 'outbound' });

    expect((await s.send({ platform: 'telegram', platform_user_id: '123456', message_text: 'hi' })).status).toBe(200);
  });

  it('Facebook and Instagram need the customer to write first: 404 and nothing created', async () => {
    const s = messagingSim();
    for (const platform of ['facebook', 'instagram']) {
      const res = await s.send({ platform, platform_user_id: `${platform}_new`, message_text: 'hi' });
      expect([res.status, errorCode(res)]).toEqual([404, 'not_found']);
    }
    expect(data<unknown[]>(await s.get('/contacts'))).toEqual([]);
    expect(data<unknown[]>(await s.get('/conversations'))).toEqual([]);
  });

  it('a failed cold send still creates the contact and the conversation', async () => {
    const s = messagingSim();
    // WhatsApp free text outside the window is refused, but the thread now exists.
    const wa = await s.send({ to_phone: '+447700900010', platform: 'whatsapp', message_text: 'hello' });
    expect([wa.status, errorCode(wa)]).toEqual([422, 'unprocessable_send']);
    expect((wa.body as { error: { status: string } }).error.status).toBe('dead_letter');
    // A disconnected SMS channel: 412, and the thread exists too.
    s.sim.sandbox.setChannel(s.accountId, 'sms', { connected: false });
    const sms = await s.send({ to_phone: '+15550100010', message_text: 'hello' });
    expect([sms.status, errorCode(sms)]).toEqual([412, 'not_provisioned']);
    const threads = data<Conv[]>(await s.get('/conversations'));
    expect(threads.map((c) => [c.channel, c.platform_user_id])).toEqual([
      ['sms', '+15550100010'],
      ['whatsapp', '447700900010'],
    ]);
    for (const thread of threads) expect((await transcript(s, thread.id)).filter((m) => m.direction === 'outbound')).toEqual([]);
    expect(s.sim.sandbox.sends(s.accountId).map((row) => [row.outcome, row.cold_created])).toEqual([
      ['failed', true],
      ['failed', true],
    ]);
  });
});

describe('POST /messages 7.2 errors', () => {
  it('412 not_provisioned when the channel is not connected; 403 forbidden when it may not send', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    s.sim.sandbox.setChannel(s.accountId, 'instagram', { connected: false });
    expect(errorCode(await s.send({ conversation_id: id, message_text: 'x' }))).toBe('not_provisioned');
    s.sim.sandbox.setChannel(s.accountId, 'instagram', { connected: true, messaging_permitted: false });
    const forbidden = await s.send({ conversation_id: id, message_text: 'x' });
    expect([forbidden.status, errorCode(forbidden)]).toEqual([403, 'forbidden']);
    s.sim.sandbox.setChannel(s.accountId, 'instagram', { messaging_permitted: true });
    expect((await s.send({ conversation_id: id, message_text: 'x' })).status).toBe(200);
  });

  it('410 recipient_opted_out after SMS STOP, sendable again after START', async () => {
    const s = messagingSim();
    const id = s.writeIn('sms', '+15550100001', 'STOP');
    const res = await s.send({ to_phone: '15550100001', message_text: 'Sale!' });
    expect([res.status, errorCode(res)]).toEqual([410, 'recipient_opted_out']);
    s.sim.sandbox.smsStart(s.accountId, '+15550100001');
    expect((await s.send({ conversation_id: id, message_text: 'Welcome back' })).status).toBe(200);
  });

  it('Meta opt-outs: all and broadcast stop sends; comment_dm stops private replies only', async () => {
    const s = messagingSim();
    const all = s.writeIn('facebook', 'fb_all');
    const broadcast = s.writeIn('facebook', 'fb_b');
    const commentDm = s.writeIn('instagram', 'ig_c');
    s.sim.sandbox.optOut(s.accountId, { channel: 'facebook', platform_user_id: 'fb_all', scope: 'all' });
    s.sim.sandbox.optOut(s.accountId, { channel: 'facebook', platform_user_id: 'fb_b', scope: 'broadcast' });
    s.sim.sandbox.optOut(s.accountId, { channel: 'instagram', platform_user_id: 'ig_c', scope: 'comment_dm' });
    expect(errorCode(await s.send({ conversation_id: all, message_text: 'x' }))).toBe('recipient_opted_out');
    expect(errorCode(await s.send({ conversation_id: all, message_text: 'x', comment_id: commentBy(s, 'facebook', 'fb_all') }))).toBe('recipient_opted_out');
    expect(errorCode(await s.send({ conversation_id: broadcast, message_text: 'x' }))).toBe('recipient_opted_out');
    expect((await s.send({ conversation_id: commentDm, message_text: 'x' })).status).toBe(200);
    expect(errorCode(await s.send({ conversation_id: commentDm, message_text: 'x', comment_id: commentBy(s, 'instagram', 'ig_c') }))).toBe('recipient_opted_out');
  });

  it('never sends to a blocked person (422 unprocessable_send)', async () => {
    const s = messagingSim();
    const id = s.writeIn('facebook', 'fb_1');
    await s.call('POST', '/blocked-users', { conversation_id: id });
    const res = await s.send({ conversation_id: id, message_text: 'x' });
    expect([res.status, errorCode(res)]).toEqual([422, 'unprocessable_send']);
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toEqual([]);
  });

  it('422 when the 24-hour window is closed; WhatsApp templates still go; SMS and Telegram have no window', async () => {
    const s = messagingSim();
    const ig = s.writeIn('instagram', 'ig_1');
    const wa = s.writeIn('whatsapp', '447700900001');
    const sms = s.writeIn('sms', '+15550100001');
    const tg = s.writeIn('telegram', 'tg_1');
    s.sim.sandbox.clock.advance('23h59m59s');
    expect((await s.send({ conversation_id: ig, message_text: 'just in time' })).status).toBe(200);
    s.sim.sandbox.clock.advance('1s');
    expect(errorCode(await s.send({ conversation_id: ig, message_text: 'late' }))).toBe('unprocessable_send');
    expect(errorCode(await s.send({ conversation_id: ig, action: 'typing_on' }))).toBe('unprocessable_send');
    expect(errorCode(await s.send({ conversation_id: wa, message_text: 'late' }))).toBe('unprocessable_send');
    expect((await s.send({ conversation_id: wa, template_name: 'follow_up' })).status).toBe(200);
    s.sim.sandbox.clock.advance('30d');
    expect((await s.send({ conversation_id: sms, message_text: 'still fine' })).status).toBe(200);
    expect((await s.send({ conversation_id: tg, message_text: 'still fine' })).status).toBe(200);
  });

  it('armed failures fail the next N sends with the chosen error, then clear', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    s.sim.sandbox.failNextSends(s.accountId, { channel: 'telegram', platform_user_id: 'tg_1', error: 'service_unavailable', count: 2 });
    s.sim.sandbox.failNextSends(s.accountId, { conversation_id: id, error: 'rate_limited' });
    s.sim.sandbox.failNextSends(s.accountId, { conversation_id: id, error: 'unprocessable_send' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await s.send({ conversation_id: id, message_text: `try ${i}` })).status);
    expect(statuses).toEqual([503, 503, 429, 422, 200]);
    expect(s.sim.sandbox.sendFaults(s.accountId)).toEqual([]);
    expect((await transcript(s, id)).filter((m) => m.direction === 'outbound').map((m) => m.text)).toEqual(['try 4']);
  });
});

describe('a 429 send failure says how to retry (docs/decisions.md, audit 12a N1)', () => {
  it('tells the client to retry with a new idempotency_key: the same key replays the 429 (section 5), a new one sends', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    s.sim.sandbox.failNextSends(s.accountId, { conversation_id: id, error: 'rate_limited' });
    const body = { conversation_id: id, message_text: 'hello', idempotency_key: 'busy-1' };
    const limited = await s.send(body);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'rate_limited', status: 'failed', message: expect.stringMatching(/new idempotency_key/) as unknown } });
    const again = await s.send(body);
    expect(again.status).toBe(429);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect((await s.send({ ...body, idempotency_key: 'busy-2' })).status).toBe(200);
  });
});

describe('POST /messages actions, templates and private replies', () => {
  it('follows the recorded per-channel support matrix', async () => {
    const s = messagingSim();
    for (const channel of CHANNELS) {
      const puid = channel === 'sms' ? '+15550100001' : channel === 'whatsapp' ? '447700900001' : `${channel}_1`;
      const id = s.writeIn(channel, puid);
      for (const action of SEND_ACTIONS) {
        const body = action === 'typing_on' ? { conversation_id: id, action } : { conversation_id: id, action, message_text: '👍' };
        const res = await s.send(body);
        const supported = CHANNEL_CAPABILITIES[channel].actions.includes(action);
        expect(res.status, `${channel} ${action}`).toBe(supported ? 200 : 422);
        if (supported) expect(data(res)).toMatchObject({ action, platform: channel });
      }
      // Only send_message adds to the transcript.
      expect((await transcript(s, id)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
    }
  });

  it('react targets message_id or the customer’s latest message', async () => {
    const s = messagingSim();
    const empty = data<Conv>(await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_e', window: 'open' }));
    expect(errorCode(await s.send({ conversation_id: empty.id, action: 'react', message_text: '❤️' }))).toBe('unprocessable_send');
    const id = s.writeIn('instagram', 'ig_1', 'hi', { message_id: 'mid.42' });
    expect((await s.send({ conversation_id: id, action: 'react', message_text: '❤️', message_id: 'mid.42' })).status).toBe(200);
    expect(errorCode(await s.send({ conversation_id: id, action: 'unreact', message_text: '❤️', message_id: 'mid.nope' }))).toBe('unprocessable_send');
  });

  it('templates are WhatsApp only', async () => {
    const s = messagingSim();
    const sms = s.writeIn('sms', '+15550100001');
    expect(errorCode(await s.send({ conversation_id: sms, template_name: 'hello' }))).toBe('unprocessable_send');
  });

  it('comment_id sends a private reply, cold on Facebook and Instagram; other channels refuse it', async () => {
    const s = messagingSim();
    s.sim.sandbox.comment(s.accountId, { platform: 'instagram', text: 'link please', comment_id: '17900000000000001', commenter: { id: 'commenter_1' } });
    const res = await s.send({
      platform: 'instagram',
      platform_user_id: 'commenter_1',
      comment_id: '17900000000000001',
      message_text: 'Thanks for your comment! Here is the link.',
      buttons: [{ title: 'Shop now', type: 'url', url: 'https://shop.example.com' }],
    });
    expect(res.status).toBe(200);
    const thread = data<Conv>(await s.get(`/conversations/${data<{ conversation_id: number }>(res).conversation_id}`));
    const contact = data<{ first_user_message_at: string | null }>(await s.get(`/contacts/${thread.contact_id}`));
    expect(contact.first_user_message_at).toBeNull();
    const sms = s.writeIn('sms', '+15550100001');
    expect(errorCode(await s.send({ conversation_id: sms, comment_id: 'c1', message_text: 'x' }))).toBe('unprocessable_send');
    // A private reply needs no open window.
    const later = commentBy(s, 'instagram', 'commenter_1');
    s.sim.sandbox.clock.advance('3d');
    expect((await s.send({ conversation_id: thread.id, comment_id: later, message_text: 'again' })).status).toBe(200);
  });
});

describe('send counts', () => {
  it('records every routed send, sent or failed, for the analytics', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    await s.send({ conversation_id: id, message_text: 'a' });
    s.sim.sandbox.failNextSends(s.accountId, { conversation_id: id, error: 'service_unavailable' });
    await s.send({ conversation_id: id, message_text: 'b' });
    await s.send({}); // invalid: not a routed send
    await s.send({ conversation_id: 999999, message_text: 'c' }); // unroutable
    const rows = s.sim.sandbox.sends(s.accountId);
    expect(rows.map((row) => row.outcome)).toEqual(['sent', 'failed']);
    expect(rows[1]!.error_code).toBe('service_unavailable');
  });
});
