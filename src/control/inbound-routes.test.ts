import { describe, expect, it } from 'vitest';
import { data, errorCode, errorParam, messagingSim } from '../../test/support/messaging.js';

type Conv = { id: number; status: string; ai_paused: boolean; ai_pause_reason: string | null; assigned_to: number | null; last_message_at: string };

describe('POST /_sandbox/inbound', () => {
  it('creates contact and conversation if new, appends, opens the window and emits message.received', async () => {
    const s = messagingSim();
    const first = await s.call('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: 'ig_1', text: 'Hi!', name: 'Ann', ig_username: '@ann.b' });
    expect(first.status).toBe(200);
    const result = data<{ delivered: boolean; contact_created: boolean; conversation_created: boolean; conversation: Conv; contact_id: number; window_expires_at: string; message: { direction: string; text: string } }>(first);
    expect(result).toMatchObject({ delivered: true, contact_created: true, conversation_created: true, window_expires_at: '2026-01-02T00:00:00+00:00' });
    expect(result.message).toMatchObject({ direction: 'inbound', text: 'Hi!' });
    const contact = data<{ name: string; ig_username: string; first_user_message_at: string }>(await s.get(`/contacts/${result.contact_id}`));
    expect(contact).toMatchObject({ name: 'Ann', ig_username: 'ann.b', first_user_message_at: '2026-01-01T00:00:00+00:00' });

    s.sim.sandbox.clock.advance('2h');
    const second = data<{ contact_created: boolean; conversation_created: boolean; conversation: Conv; window_expires_at: string }>(
      await s.call('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: 'ig_1', type: 'image', attachments: [{ type: 'image', url: 'https://x.example/a.jpg' }] }),
    );
    expect(second).toMatchObject({ contact_created: false, conversation_created: false, window_expires_at: '2026-01-02T02:00:00+00:00' });
    expect(second.conversation).toMatchObject({ id: result.conversation.id, last_message_at: '2026-01-01T02:00:00+00:00' });

    const events = s.sim.sandbox.events(s.accountId, { type: 'message.received' });
    expect(events).toHaveLength(2);
    expect(events[0]!.data).toMatchObject({ conversation_id: result.conversation.id, contact_id: result.contact_id, channel: 'instagram', platform_user_id: 'ig_1', message: { text: 'Hi!' } });
  });

  it('chooses windows per channel: 24 h for Meta and WhatsApp, none for SMS and Telegram', async () => {
    const s = messagingSim();
    const windows: Record<string, string | null> = {};
    for (const [channel, id] of [['facebook', 'fb'], ['instagram', 'ig'], ['whatsapp', '447700900001'], ['sms', '+15550100001'], ['telegram', 'tg']]) {
      windows[channel!] = data<{ window_expires_at: string | null }>(await s.call('POST', '/_sandbox/inbound', { channel, platform_user_id: id, text: 'x' })).window_expires_at;
    }
    expect(windows).toEqual({
      facebook: '2026-01-02T00:00:00+00:00',
      instagram: '2026-01-02T00:00:00+00:00',
      whatsapp: '2026-01-02T00:00:00+00:00',
      sms: null,
      telegram: null,
    });
    const channels = data<{ channel: string; window_hours: number | null }[]>(await s.get('/_sandbox/channels'));
    expect(Object.fromEntries(channels.map((c) => [c.channel, c.window_hours]))).toEqual({ facebook: 24, instagram: 24, sms: null, telegram: null, whatsapp: 24 });
  });

  it('reopens a resolved or archived thread', async () => {
    const s = messagingSim();
    const id = s.writeIn('telegram', 'tg_1');
    for (const status of ['resolved', 'archived']) {
      await s.call('PATCH', `/conversations/${id}`, { status });
      s.writeIn('telegram', 'tg_1');
      expect(data<Conv>(await s.get(`/conversations/${id}`)).status).toBe('active');
    }
  });

  it('validates the message and needs an admin key', async () => {
    const s = messagingSim();
    for (const body of [
      { channel: 'email', platform_user_id: 'a', text: 'x' },
      { channel: 'sms', text: 'x' },
      { channel: 'sms', platform_user_id: '+1555' },
      { channel: 'sms', platform_user_id: '+1555', text: 'x', type: 'sticker' },
      { channel: 'sms', platform_user_id: '+1555', text: 'x', ig_username: 'nope' },
    ]) {
      const res = await s.call('POST', '/_sandbox/inbound', body);
      expect([res.status, errorCode(res)], JSON.stringify(body)).toEqual([400, 'invalid_param']);
    }
    const denied = await s.call('POST', '/_sandbox/inbound', { channel: 'sms', platform_user_id: '+1555', text: 'x' }, s.keys.write);
    expect([denied.status, errorCode(denied)]).toEqual([403, 'insufficient_scope']);
    expect(data<unknown[]>(await s.get('/conversations'))).toEqual([]);
  });
});

describe('POST /_sandbox/opt-outs', () => {
  it('records SMS STOP and START and Meta opt-outs', async () => {
    const s = messagingSim();
    const stop = await s.call('POST', '/_sandbox/opt-outs', { channel: 'sms', platform_user_id: '+15550100001' });
    expect(data(stop)).toMatchObject({ id: 'sms:1', status: 'opted_out' });
    const start = await s.call('POST', '/_sandbox/opt-outs', { channel: 'sms', platform_user_id: '+15550100001', status: 'opted_in' });
    expect(data(start)).toMatchObject({ id: 'sms:1', status: 'opted_in' });
    const meta = await s.call('POST', '/_sandbox/opt-outs', { channel: 'whatsapp', platform_user_id: '447700900001', scope: 'broadcast', method: 'keyword', keyword: 'STOP' });
    expect(data(meta)).toMatchObject({ id: 'meta:1', scope: 'broadcast', method: 'keyword', keyword: 'STOP' });
    const bad = await s.call('POST', '/_sandbox/opt-outs', { channel: 'facebook', platform_user_id: 'x', status: 'opted_in' });
    expect([bad.status, errorParam(bad)]).toEqual([400, 'status']);
  });
});

describe('/_sandbox/channels', () => {
  it('sets connection state and messaging permission; an unknown channel is 404', async () => {
    const s = messagingSim();
    const res = await s.call('POST', '/_sandbox/channels/whatsapp', { connected: false });
    expect(data(res)).toMatchObject({ channel: 'whatsapp', connected: false, messaging_permitted: true, window_hours: 24 });
    expect((await s.call('POST', '/_sandbox/channels/email', { connected: false })).status).toBe(404);
    expect((await s.call('POST', '/_sandbox/channels/sms', {})).status).toBe(400);
    expect((await s.call('POST', '/_sandbox/channels/sms', { connected: 'no' })).status).toBe(400);
    const sent = await s.send({ to_phone: '+447700900001', platform: 'whatsapp', template_name: 'hello' });
    expect([sent.status, errorCode(sent)]).toEqual([412, 'not_provisioned']);
  });
});

describe('/_sandbox/send-failures', () => {
  it('arms, lists and clears failures', async () => {
    const s = messagingSim();
    const armed = await s.call('POST', '/_sandbox/send-failures', { channel: 'sms', platform_user_id: '+15550100001', error: 'unprocessable_send', count: 2 });
    expect(armed.status).toBe(201);
    expect(data(armed)).toMatchObject({ error: 'unprocessable_send', remaining: 2 });
    const res = await s.send({ to_phone: '+1 555 010 0001', message_text: 'hi' });
    expect([res.status, errorCode(res)]).toEqual([422, 'unprocessable_send']);
    expect(data<{ remaining: number }[]>(await s.get('/_sandbox/send-failures'))[0]!.remaining).toBe(1);
    expect(data(await s.call('DELETE', '/_sandbox/send-failures'))).toEqual({ cleared: 1 });
    expect((await s.send({ to_phone: '+15550100001', message_text: 'hi' })).status).toBe(200);
    for (const body of [
      { error: 'service_unavailable' },
      { channel: 'sms', error: 'service_unavailable' },
      { channel: 'sms', platform_user_id: '+1', error: 'invalid_request' },
      { channel: 'sms', platform_user_id: '+1', error: 'service_unavailable', count: 0 },
      { conversation_id: 999999, error: 'service_unavailable' },
    ]) {
      expect((await s.call('POST', '/_sandbox/send-failures', body)).status, JSON.stringify(body)).toBe(400);
    }
    const audit = data<{ outcome: string; error_code: string | null }[]>(await s.get('/_sandbox/sends'));
    expect(audit.map((row) => [row.outcome, row.error_code])).toEqual([
      ['failed', 'unprocessable_send'],
      ['sent', null],
    ]);
  });
});

describe('/_sandbox/conversations', () => {
  it('seeds threads in every status, paused or not, and sets system-only state', async () => {
    const s = messagingSim({ extra: { team: [{ name: 'Dana', email: 'dana@t.example' }] } });
    const statuses = ['active', 'resolved', 'pending', 'archived', 'escalated'];
    for (const [i, status] of statuses.entries()) {
      const res = await s.call('POST', '/_sandbox/conversations', { channel: 'sms', platform_user_id: `+1555010000${i}`, status, messages: [{ text: 'x', ago: '1h' }] });
      expect(res.status).toBe(201);
      expect(data<Conv>(res).status).toBe(status);
    }
    const assigned = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_a', assigned_to_email: 'dana@t.example', messages: [{ text: 'x' }] }),
    );
    expect(assigned).toMatchObject({ assigned_to: 1, ai_paused: true, ai_pause_reason: 'assigned' });
    const owner = data<Conv>(await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_o', assigned_to: -1 }));
    expect(owner).toMatchObject({ assigned_to: -1, ai_pause_reason: 'assigned' });
    expect(data<{ assigned_to_name: string | null }>(await s.get(`/conversations/${owner.id}`)).assigned_to_name).toBeNull();

    const dup = await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_a' });
    expect([dup.status, errorCode(dup)]).toEqual([409, 'conflict']);
    expect((await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_z', assigned_to: 42 })).status).toBe(400);

    const id = s.writeIn('instagram', 'ig_s');
    const escalated = data<Conv>(await s.call('PATCH', `/_sandbox/conversations/${id}`, { status: 'escalated' }));
    expect(escalated).toMatchObject({ status: 'escalated', ai_pause_reason: 'escalated' });
    const refused = await s.call('PATCH', `/_sandbox/conversations/${id}`, { ai_pause_reason: null });
    expect([refused.status, errorParam(refused)]).toEqual([400, 'ai_pause_reason']);
    const closed = await s.call('PATCH', `/_sandbox/conversations/${id}`, { status: 'active', ai_pause_reason: null, window: 'closed' });
    expect(data<Conv>(closed)).toMatchObject({ status: 'active', ai_paused: false });
    expect(errorCode(await s.call('PATCH', `/conversations/${id}`, { ai_paused: true }))).toBe('window_closed');
    await s.call('PATCH', `/_sandbox/conversations/${id}`, { window: 'open' });
    expect((await s.call('PATCH', `/conversations/${id}`, { ai_paused: true })).status).toBe(200);
  });
});

describe('POST /_sandbox/team/invitations/{id}/accept', () => {
  it('turns a pending invitation into a member', async () => {
    const s = messagingSim();
    const invitation = data<{ id: number }>(await s.call('POST', '/team/invitations', { email: 'a@acme.com', name: 'Alex' }));
    const res = await s.call('POST', `/_sandbox/team/invitations/${invitation.id}/accept`);
    expect(res.status).toBe(201);
    expect(data(res)).toMatchObject({ name: 'Alex', email: 'a@acme.com', role: 'agent' });
    expect((await s.call('POST', `/_sandbox/team/invitations/${invitation.id}/accept`)).status).toBe(404);
  });
});

describe('default seed', () => {
  it('has conversations in every status and pause reason, with team, invitations, opt-outs and blocks', async () => {
    const { testSimulator } = await import('../../test/support/simulator.js');
    const { sim, keys } = testSimulator();
    const list = (await sim.request({ path: '/conversations', key: keys.full, query: { limit: '100' } })).body as { data: Conv[] };
    expect(new Set(list.data.map((c) => c.status))).toEqual(new Set(['active', 'resolved', 'pending', 'archived', 'escalated']));
    const reasons = new Set(list.data.map((c) => c.ai_pause_reason));
    for (const reason of [null, 'escalated', 'assigned', 'owner_claimed', 'solicitation', 'fraud', 'connected_account']) expect(reasons).toContain(reason);
    for (const path of ['/team', '/team/invitations', '/opt-outs', '/blocked-users']) {
      const body = (await sim.request({ path, key: keys.full })).body as { data: unknown[] };
      expect(body.data.length, path).toBeGreaterThan(0);
    }
    const transcript = (await sim.request({ path: `/conversations/${list.data.at(-1)!.id}/messages`, key: keys.full })).body as { data: unknown[] };
    expect(transcript.data.length).toBeGreaterThan(1);
  });

  it('documents every messaging route in /openapi.json', async () => {
    const s = messagingSim();
    const document = s.sim.openapi();
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item as Record<string, { operationId?: string }>).map((op) => op.operationId));
    for (const operationId of [
      'listConversations', 'getConversation', 'updateConversation', 'assignConversation', 'deleteConversation', 'listConversationMessages',
      'sendMessage', 'listTeam', 'listTeamInvitations', 'createTeamInvitation', 'resendTeamInvitation', 'cancelTeamInvitation',
      'updateTeamMember', 'deleteTeamMember', 'listOptOuts', 'listBlockedUsers', 'blockUser', 'unblockUser',
    ]) {
      expect(operations).toContain(operationId);
    }
    const send = document.paths?.['/messages']?.post as { requestBody: { content: Record<string, { schema: { $ref: string } }> }; responses: Record<string, unknown> };
    for (const status of ['200', '400', '403', '404', '410', '412', '422', '429', '503']) expect(send.responses).toHaveProperty(status);
    const ref = send.requestBody.content['application/json']!.schema.$ref.split('/').pop()!;
    const schema = document.components?.schemas?.[ref] as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['idempotency_key', 'action', 'conversation_id', 'to_phone', 'template_name', 'comment_id']));
  });
});
