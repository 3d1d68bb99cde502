import { describe, expect, it } from 'vitest';
import { data, errorCode, errorParam, messagingSim } from '../../../test/support/messaging.js';

type Conv = { id: number; status: string; ai_paused: boolean; ai_pause_reason: string | null; assigned_to: number | null; assigned_to_name: string | null; updated_at: string; contact_id: number; customer_name: string; channel: string };
type Msg = { id: number; direction: string; sender_type: string; text: string | null; body_purged: boolean };

const team = [
  { name: 'Dana Reyes', email: 'dana@test.example', role: 'manager' },
  { name: 'Kenji Sato', email: 'kenji@test.example' },
];

describe('GET /conversations/{id}', () => {
  it('answers 404 for a non-numeric, unknown or other account’s id', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    expect((await s.get(`/conversations/${id}`)).status).toBe(200);
    expect((await s.get('/conversations/abc')).status).toBe(404);
    expect((await s.get('/conversations/999999')).status).toBe(404);
    expect((await s.get(`/conversations/${id}`, undefined, s.otherKey)).status).toBe(404);
  });

  it('shows the 2.5 fields, with customer_name from the contact or the platform id', async () => {
    const s = messagingSim();
    const named = s.writeIn('instagram', 'ig_1', 'hi', { name: 'Ann Lee' });
    const anonymous = s.writeIn('telegram', 'tg_9');
    const a = data<Conv>(await s.get(`/conversations/${named}`));
    expect(a).toMatchObject({ channel: 'instagram', customer_name: 'Ann Lee', status: 'active', ai_paused: false, ai_pause_reason: null, assigned_to: null });
    expect(data<Conv>(await s.get(`/conversations/${anonymous}`)).customer_name).toBe('tg_9');
  });
});

describe('GET /conversations filters', () => {
  it('filters by channel, status, assigned_to and updated_since, newest first', async () => {
    const s = messagingSim({ extra: { team } });
    const ig = s.writeIn('instagram', 'ig_1');
    s.sim.sandbox.clock.advance('1h');
    const sms = s.writeIn('sms', '+15550000001');
    const tg = s.writeIn('telegram', 'tg_1');
    await s.call('PATCH', `/conversations/${tg}`, { status: 'resolved' });
    await s.call('POST', `/conversations/${sms}/assign`, { assigned_to: 1 });
    const ids = async (query: Record<string, string | number>) => data<Conv[]>(await s.get('/conversations', query)).map((c) => c.id);
    expect(await ids({})).toEqual([tg, sms, ig]);
    expect(await ids({ channel: 'instagram' })).toEqual([ig]);
    expect(await ids({ status: 'resolved' })).toEqual([tg]);
    expect(await ids({ status: 'active', channel: 'sms' })).toEqual([sms]);
    expect(await ids({ assigned_to: 1 })).toEqual([sms]);
    expect(await ids({ assigned_to: 2 })).toEqual([]);
    // updated_since is inclusive: the instant of the last update matches.
    expect(await ids({ updated_since: '2026-01-01T01:00:00+00:00' })).toEqual([tg, sms]);
    expect(await ids({ updated_since: '2026-01-01T01:00:01+00:00' })).toEqual([]);
  });

  it('refuses invalid filter values with 400 invalid_param naming the param', async () => {
    const s = messagingSim();
    for (const [param, value] of [
      ['status', 'open'],
      ['channel', 'email'],
      ['assigned_to', 'abc'],
      ['updated_since', 'yesterday'],
      ['updated_since', '2026-13-01T00:00:00+00:00'],
      ['limit', '0'],
      ['limit', '101'],
    ] as const) {
      const res = await s.get('/conversations', { [param]: value });
      expect(res.status, `${param}=${value}`).toBe(400);
      expect(errorCode(res)).toBe('invalid_param');
      expect(errorParam(res)).toBe(param);
    }
  });

  it('pages with limit and starting_after (default 25)', async () => {
    const s = messagingSim();
    for (let i = 0; i < 30; i++) s.writeIn('telegram', `tg_${i}`);
    const first = await s.get('/conversations');
    const page = first.body as { data: Conv[]; has_more: boolean; next_cursor: string };
    expect(page.data).toHaveLength(25);
    expect(page.has_more).toBe(true);
    const second = (await s.get('/conversations', { starting_after: page.next_cursor })).body as { data: Conv[]; has_more: boolean };
    expect(second.data).toHaveLength(5);
    expect(second.has_more).toBe(false);
    expect(new Set([...page.data, ...second.data].map((c) => c.id)).size).toBe(30);
  });
});

describe('PATCH /conversations/{id} status', () => {
  it('accepts active, resolved and archived; pending and escalated are 400', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    for (const status of ['pending', 'escalated', 'closed']) {
      const res = await s.call('PATCH', `/conversations/${id}`, { status });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('invalid_param');
      expect(errorParam(res)).toBe('status');
    }
    for (const status of ['resolved', 'archived', 'active']) {
      const res = await s.call('PATCH', `/conversations/${id}`, { status });
      expect(data<Conv>(res).status).toBe(status);
    }
  });

  it('refuses an empty body, an unknown field and a non-boolean ai_paused', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    for (const body of [{}, { priority: 'high' }, { ai_paused: 'yes' }]) {
      const res = await s.call('PATCH', `/conversations/${id}`, body);
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('invalid_param');
    }
  });

  it('fires conversation.resolved once per move to resolved, not on archive or a repeat', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    await s.call('PATCH', `/conversations/${id}`, { status: 'resolved' });
    await s.call('PATCH', `/conversations/${id}`, { status: 'resolved' });
    await s.call('PATCH', `/conversations/${id}`, { status: 'archived' });
    await s.call('PATCH', `/conversations/${id}`, { status: 'resolved' });
    const resolved = s.sim.sandbox.events(s.accountId, { type: 'conversation.resolved' });
    expect(resolved).toHaveLength(2);
    expect(resolved[0]!.data).toMatchObject({ previous_status: 'active', conversation: { id, status: 'resolved' } });
    expect(resolved[1]!.data).toMatchObject({ previous_status: 'archived' });
  });

  it('hands the thread back to the AI on resolve and archive, keeping portal-only pauses', async () => {
    const s = messagingSim({ extra: { team } });
    const assigned = s.writeIn('instagram', 'ig_1');
    await s.call('POST', `/conversations/${assigned}/assign`, { assigned_to: 1 });
    const resolved = data<Conv>(await s.call('PATCH', `/conversations/${assigned}`, { status: 'resolved' }));
    expect(resolved).toMatchObject({ assigned_to: null, ai_paused: false, ai_pause_reason: null });
    // The member it was assigned to gets the resolution counted.
    const dana = data<{ id: number; total_resolved: number }[]>(await s.get('/team')).find((m) => m.id === 1)!;
    expect(dana.total_resolved).toBe(1);

    const claimed = s.writeIn('instagram', 'ig_2');
    await s.call('PATCH', `/conversations/${claimed}`, { ai_paused: true });
    expect(data<Conv>(await s.call('PATCH', `/conversations/${claimed}`, { status: 'archived' }))).toMatchObject({ ai_paused: false });

    const fraud = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', { channel: 'facebook', platform_user_id: 'fb_1', ai_pause_reason: 'fraud', messages: [{ text: 'x' }] }),
    );
    const after = data<Conv>(await s.call('PATCH', `/conversations/${fraud.id}`, { status: 'resolved' }));
    expect(after).toMatchObject({ status: 'resolved', ai_paused: true, ai_pause_reason: 'fraud' });
  });

  it('applies status first, then ai_paused, all or nothing', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    // Resolve, then the claim reopens it: active, owner_claimed (and the resolution was announced).
    const both = data<Conv>(await s.call('PATCH', `/conversations/${id}`, { status: 'resolved', ai_paused: true }));
    expect(both).toMatchObject({ status: 'active', ai_paused: true, ai_pause_reason: 'owner_claimed' });
    expect(s.eventTypes()).toContain('conversation.resolved');

    const late = s.writeIn('instagram', 'ig_2');
    s.sim.sandbox.clock.advance('25h');
    const before = data<Conv>(await s.get(`/conversations/${late}`));
    const refused = await s.call('PATCH', `/conversations/${late}`, { status: 'resolved', ai_paused: true });
    expect(refused.status).toBe(409);
    expect(errorCode(refused)).toBe('window_closed');
    expect(data<Conv>(await s.get(`/conversations/${late}`))).toEqual(before);
  });
});

describe('PATCH ai_paused', () => {
  it('true: the owner claims (owner_claimed) and a resolved thread reopens', async () => {
    const s = messagingSim();
    const id = s.writeIn('whatsapp', '447700900001');
    await s.call('PATCH', `/conversations/${id}`, { status: 'resolved' });
    const claimed = data<Conv>(await s.call('PATCH', `/conversations/${id}`, { ai_paused: true }));
    expect(claimed).toMatchObject({ status: 'active', ai_paused: true, ai_pause_reason: 'owner_claimed' });
  });

  it('true: 409 blocked, opted_out and window_closed', async () => {
    const s = messagingSim();
    const blocked = s.writeIn('instagram', 'ig_b', 'hi', { ig_username: 'blocked.one' });
    await s.call('POST', '/blocked-users', { ig_username: '@Blocked.One' });
    const b = await s.call('PATCH', `/conversations/${blocked}`, { ai_paused: true });
    expect([b.status, errorCode(b), errorParam(b)]).toEqual([409, 'blocked', 'ai_paused']);

    const stopped = s.writeIn('sms', '+15550000002', 'STOP');
    const o = await s.call('PATCH', `/conversations/${stopped}`, { ai_paused: true });
    expect([o.status, errorCode(o)]).toEqual([409, 'opted_out']);
    s.writeIn('sms', '+15550000002', 'START');
    expect((await s.call('PATCH', `/conversations/${stopped}`, { ai_paused: true })).status).toBe(200);

    const metaAll = s.writeIn('facebook', 'fb_all');
    s.sim.sandbox.optOut(s.accountId, { channel: 'facebook', platform_user_id: 'fb_all', scope: 'all' });
    expect(errorCode(await s.call('PATCH', `/conversations/${metaAll}`, { ai_paused: true }))).toBe('opted_out');
    // A narrower Meta opt-out does not stop an owner from taking the thread.
    const metaNarrow = s.writeIn('facebook', 'fb_narrow');
    s.sim.sandbox.optOut(s.accountId, { channel: 'facebook', platform_user_id: 'fb_narrow', scope: 'comment_dm' });
    expect((await s.call('PATCH', `/conversations/${metaNarrow}`, { ai_paused: true })).status).toBe(200);
  });

  it('true: the 24-hour window closes exactly 24 h after the last inbound message; SMS has none', async () => {
    const s = messagingSim();
    const ig = s.writeIn('instagram', 'ig_w');
    const ig2 = s.writeIn('instagram', 'ig_w2');
    const sms = s.writeIn('sms', '+15550000003');
    s.sim.sandbox.clock.advance('23h59m59s');
    expect((await s.call('PATCH', `/conversations/${ig}`, { ai_paused: true })).status).toBe(200);
    s.sim.sandbox.clock.advance('1s');
    const closed = await s.call('PATCH', `/conversations/${ig2}`, { ai_paused: true });
    expect([closed.status, errorCode(closed)]).toEqual([409, 'window_closed']);
    s.sim.sandbox.clock.advance('30d');
    expect((await s.call('PATCH', `/conversations/${sms}`, { ai_paused: true })).status).toBe(200);
    // A new message opens the window again.
    s.writeIn('instagram', 'ig_w2');
    expect((await s.call('PATCH', `/conversations/${ig2}`, { ai_paused: true })).status).toBe(200);
  });

  it('false: owner claim, assignment and escalation pauses lift; the thread is handed back', async () => {
    const s = messagingSim({ extra: { team } });
    const claimed = s.writeIn('instagram', 'ig_1');
    await s.call('PATCH', `/conversations/${claimed}`, { ai_paused: true });
    expect(data<Conv>(await s.call('PATCH', `/conversations/${claimed}`, { ai_paused: false }))).toMatchObject({ ai_paused: false, ai_pause_reason: null });

    const assigned = s.writeIn('instagram', 'ig_2');
    await s.call('POST', `/conversations/${assigned}/assign`, { assigned_to: 2 });
    expect(data<Conv>(await s.call('PATCH', `/conversations/${assigned}`, { ai_paused: false }))).toMatchObject({
      ai_paused: false,
      assigned_to: null,
    });

    const escalated = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', { channel: 'facebook', platform_user_id: 'fb_e', status: 'escalated', messages: [{ text: 'help' }] }),
    );
    expect(escalated).toMatchObject({ status: 'escalated', ai_paused: true, ai_pause_reason: 'escalated' });
    expect(data<Conv>(await s.call('PATCH', `/conversations/${escalated.id}`, { ai_paused: false }))).toMatchObject({
      status: 'active',
      ai_paused: false,
    });

    const live = s.writeIn('instagram', 'ig_3');
    expect(data<Conv>(await s.call('PATCH', `/conversations/${live}`, { ai_paused: false })).ai_paused).toBe(false);
  });

  it('false: 409 resume_blocked for solicitation, fraud and connected_account', async () => {
    const s = messagingSim();
    for (const [i, reason] of ['solicitation', 'fraud', 'connected_account'].entries()) {
      const thread = data<Conv>(
        await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: `ig_l${i}`, ai_pause_reason: reason, messages: [{ text: 'x' }] }),
      );
      const res = await s.call('PATCH', `/conversations/${thread.id}`, { ai_paused: false });
      expect([res.status, errorCode(res)]).toEqual([409, 'resume_blocked']);
      expect(data<Conv>(await s.get(`/conversations/${thread.id}`)).ai_pause_reason).toBe(reason);
      // Claiming keeps the portal-only reason.
      expect(data<Conv>(await s.call('PATCH', `/conversations/${thread.id}`, { ai_paused: true })).ai_pause_reason).toBe(reason);
    }
  });

  it('needs the write scope', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_1');
    const res = await s.call('PATCH', `/conversations/${id}`, { status: 'resolved' }, s.keys.read);
    expect([res.status, errorCode(res)]).toEqual([403, 'insufficient_scope']);
    expect((await s.call('PATCH', `/conversations/${id}`, { status: 'resolved' }, s.keys.write)).status).toBe(200);
  });
});

describe('POST /conversations/{id}/assign', () => {
  it('assigns a member: pending and escalated become active, the AI is muted, a system line and an event', async () => {
    const s = messagingSim({ extra: { team } });
    for (const status of ['pending', 'escalated']) {
      const thread = data<Conv>(
        await s.call('POST', '/_sandbox/conversations', { channel: 'sms', platform_user_id: `+1555000010${status.length}`, status, messages: [{ text: 'q' }] }),
      );
      const res = await s.call('POST', `/conversations/${thread.id}/assign`, { assigned_to: 2 });
      expect(data<Conv>(res)).toMatchObject({ status: 'active', assigned_to: 2, assigned_to_name: 'Kenji Sato', ai_paused: true, ai_pause_reason: 'assigned' });
      const transcript = data<Msg[]>(await s.get(`/conversations/${thread.id}/messages`));
      expect(transcript[0]).toMatchObject({ direction: 'system', sender_type: 'system' });
      expect(transcript[0]!.text).toContain('Kenji Sato');
    }
    const events = s.sim.sandbox.events(s.accountId, { type: 'conversation.assigned' });
    expect(events).toHaveLength(2);
    expect(events[0]!.data).toMatchObject({ assigned_to: 2, assigned_to_name: 'Kenji Sato', previous_assigned_to: null });
  });

  it('null unassigns and hands back; repeating an assignment changes nothing', async () => {
    const s = messagingSim({ extra: { team } });
    const id = s.writeIn('instagram', 'ig_1');
    await s.call('POST', `/conversations/${id}/assign`, { assigned_to: 1 });
    const again = await s.call('POST', `/conversations/${id}/assign`, { assigned_to: 1 });
    expect(data<Conv>(again).assigned_to).toBe(1);
    expect(s.sim.sandbox.events(s.accountId, { type: 'conversation.assigned' })).toHaveLength(1);
    expect(data<Msg[]>(await s.get(`/conversations/${id}/messages`)).filter((m) => m.direction === 'system')).toHaveLength(1);

    const cleared = data<Conv>(await s.call('POST', `/conversations/${id}/assign`, { assigned_to: null }));
    expect(cleared).toMatchObject({ assigned_to: null, assigned_to_name: null, ai_paused: false, ai_pause_reason: null });
    const events = s.sim.sandbox.events(s.accountId, { type: 'conversation.assigned' });
    expect(events.at(-1)!.data).toMatchObject({ assigned_to: null, previous_assigned_to: 1 });
  });

  it('a PATCH that hands the thread back (resolve, archive, resume) fires conversation.assigned to null (6)', async () => {
    const s = messagingSim({ extra: { team } });
    for (const patch of [{ status: 'resolved' }, { status: 'archived' }, { ai_paused: false }]) {
      const id = s.writeIn('instagram', `ig_back_${Object.values(patch)[0]}`);
      await s.call('POST', `/conversations/${id}/assign`, { assigned_to: 1 });
      const res = await s.call('PATCH', `/conversations/${id}`, patch);
      expect(data<Conv>(res).assigned_to, JSON.stringify(patch)).toBeNull();
      const events = s.sim.sandbox.events(s.accountId, { type: 'conversation.assigned' });
      expect(events.at(-1)!.data, JSON.stringify(patch)).toMatchObject({ conversation: { id }, assigned_to: null, assigned_to_name: null, previous_assigned_to: 1 });
    }
    // Two per thread: the assign, then the hand-back. A PATCH that leaves assigned_to alone fires none.
    expect(s.sim.sandbox.events(s.accountId, { type: 'conversation.assigned' })).toHaveLength(6);
    const untouched = s.writeIn('instagram', 'ig_back_none');
    await s.call('PATCH', `/conversations/${untouched}`, { status: 'resolved' });
    expect(s.sim.sandbox.events(s.accountId, { type: 'conversation.assigned' })).toHaveLength(6);
  });

  it('refuses unknown, zero, negative and other-account member ids with 400 invalid_param', async () => {
    const s = messagingSim({ extra: { team } });
    const id = s.writeIn('instagram', 'ig_1');
    for (const body of [{ assigned_to: 99 }, { assigned_to: 0 }, { assigned_to: -1 }, { assigned_to: '1' }, { assigned_to: 1.5 }, {}]) {
      const res = await s.call('POST', `/conversations/${id}/assign`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorCode(res)).toBe('invalid_param');
      expect(errorParam(res)).toBe('assigned_to');
    }
    expect(data<Conv>(await s.get(`/conversations/${id}`)).assigned_to).toBeNull();
    expect((await s.call('POST', '/conversations/999999/assign', { assigned_to: 1 })).status).toBe(404);
  });

  it('keeps a portal-only pause when assigning', async () => {
    const s = messagingSim({ extra: { team } });
    const thread = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_s', ai_pause_reason: 'solicitation', messages: [{ text: 'x' }] }),
    );
    const res = data<Conv>(await s.call('POST', `/conversations/${thread.id}/assign`, { assigned_to: 1 }));
    expect(res).toMatchObject({ assigned_to: 1, ai_pause_reason: 'solicitation' });
  });
});

describe('DELETE /conversations/{id}', () => {
  it('returns the removed counts; the contact survives; a repeat is 404', async () => {
    const s = messagingSim();
    const thread = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', {
        channel: 'instagram',
        platform_user_id: 'ig_d',
        tags: ['vip', 'wholesale'],
        messages: [
          { text: 'hi', ago: '2h' },
          { sender_type: 'bot', text: 'hello', ago: '1h' },
          { sender_type: 'bot', text: 'draft', copilot_draft: true, ago: '30m' },
        ],
      }),
    );
    const res = await s.call('DELETE', `/conversations/${thread.id}`);
    expect(data(res)).toEqual({
      id: thread.id,
      object: 'conversation',
      deleted: true,
      removed: { messages: 3, appointments: 0, conversation_tags: 2, contexts: 1, metrics_detached: 2 },
    });
    expect((await s.get(`/contacts/${thread.contact_id}`)).status).toBe(200);
    expect((await s.call('DELETE', `/conversations/${thread.id}`)).status).toBe(404);
    expect((await s.get(`/conversations/${thread.id}`)).status).toBe(404);
    expect((await s.get(`/conversations/${thread.id}/messages`)).status).toBe(404);
    // The person can write again: a new thread with a new id.
    expect(s.writeIn('instagram', 'ig_d')).toBeGreaterThan(thread.id);
  });

  it('counts no AI context when the AI never spoke', async () => {
    const s = messagingSim();
    const id = s.writeIn('sms', '+15550000009');
    const removed = data<{ removed: Record<string, number> }>(await s.call('DELETE', `/conversations/${id}`)).removed;
    expect(removed).toMatchObject({ messages: 1, contexts: 0, conversation_tags: 0, metrics_detached: 1 });
  });
});

describe('GET /conversations/{id}/messages', () => {
  it('lists newest first, 50 by default, with direction derived from sender_type', async () => {
    const s = messagingSim();
    const messages = Array.from({ length: 60 }, (_, i) => ({
      sender_type: ['user', 'bot', 'agent', 'followup', 'system', 'escalation'][i % 6],
      text: `m${i}`,
      ago: `${60 - i}m`,
    }));
    const thread = data<Conv>(await s.call('POST', '/_sandbox/conversations', { channel: 'telegram', platform_user_id: 'tg_m', messages }));
    const page = (await s.get(`/conversations/${thread.id}/messages`)).body as { data: Msg[]; has_more: boolean; next_cursor: string };
    expect(page.data).toHaveLength(50);
    expect(page.has_more).toBe(true);
    expect(page.data[0]!.text).toBe('m59');
    const expected: Record<string, string> = { user: 'inbound', bot: 'outbound', agent: 'outbound', followup: 'outbound', system: 'system', escalation: 'system' };
    for (const message of page.data) expect(message.direction).toBe(expected[message.sender_type]);
    const rest = (await s.get(`/conversations/${thread.id}/messages`, { starting_after: page.next_cursor })).body as { data: Msg[] };
    expect(rest.data).toHaveLength(10);
    expect(rest.data.at(-1)!.text).toBe('m0');
    expect((await s.get(`/conversations/${thread.id}/messages`, { limit: 100 })).status).toBe(200);
    expect((await s.get(`/conversations/${thread.id}/messages`, { limit: 101 })).status).toBe(400);
    // A cursor belongs to its conversation's list: on another conversation it is 400 (audit 16c L1).
    const other = data<Conv>(await s.call('POST', '/_sandbox/conversations', { channel: 'telegram', platform_user_id: 'tg_other', messages: messages.slice(0, 3) }));
    const foreign = await s.get(`/conversations/${other.id}/messages`, { starting_after: page.next_cursor });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: { code: 'invalid_param', param: 'starting_after' } });
  });

  it('keeps purged messages with text null and never lists copilot drafts', async () => {
    const s = messagingSim();
    const thread = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', {
        channel: 'whatsapp',
        platform_user_id: '447700900001',
        messages: [
          { text: 'secret', body_purged: true, ago: '3m' },
          { sender_type: 'bot', text: 'suggested reply', copilot_draft: true, ago: '2m' },
          { sender_type: 'bot', text: 'visible', ago: '1m' },
        ],
      }),
    );
    const listed = data<Msg[]>(await s.get(`/conversations/${thread.id}/messages`));
    expect(listed.map((m) => m.text)).toEqual(['visible', null]);
    expect(listed[1]).toMatchObject({ body_purged: true, text: null, direction: 'inbound' });
  });
});

describe('cascades', () => {
  it('deleting a contact erases its conversations and messages', async () => {
    const s = messagingSim();
    const id = s.writeIn('instagram', 'ig_c');
    const contactId = data<Conv>(await s.get(`/conversations/${id}`)).contact_id;
    expect((await s.call('DELETE', `/contacts/${contactId}`)).status).toBe(200);
    expect((await s.get(`/conversations/${id}`)).status).toBe(404);
    expect((await s.get(`/conversations/${id}/messages`)).status).toBe(404);
    expect(data<Conv[]>(await s.get('/conversations'))).toEqual([]);
  });

  it('deleting a tag removes it from conversations', async () => {
    const s = messagingSim();
    const thread = data<Conv>(
      await s.call('POST', '/_sandbox/conversations', { channel: 'instagram', platform_user_id: 'ig_t', tags: ['vip', 'cold'], messages: [{ text: 'x' }] }),
    );
    const tags = data<{ id: number; name: string }[]>(await s.get('/tags'));
    await s.call('DELETE', `/tags/${tags.find((t) => t.name === 'vip')!.id}`);
    const removed = data<{ removed: { conversation_tags: number } }>(await s.call('DELETE', `/conversations/${thread.id}`)).removed;
    expect(removed.conversation_tags).toBe(1);
  });

  it('removing a team member unassigns their conversations without an event', async () => {
    const s = messagingSim({ extra: { team } });
    const a = s.writeIn('instagram', 'ig_1');
    const b = s.writeIn('sms', '+15550000001');
    await s.call('POST', `/conversations/${a}/assign`, { assigned_to: 1 });
    await s.call('POST', `/conversations/${b}/assign`, { assigned_to: 1 });
    await s.call('PATCH', `/conversations/${b}`, { status: 'archived' });
    await s.call('POST', `/conversations/${b}/assign`, { assigned_to: 1 });
    const before = s.eventTypes().length;
    const res = await s.call('DELETE', '/team/1', undefined, s.keys.admin);
    expect(data(res)).toEqual({ id: 1, object: 'team_member', deleted: true, conversations_unassigned: 2 });
    expect(s.eventTypes()).toHaveLength(before);
    expect(data<Conv>(await s.get(`/conversations/${a}`))).toMatchObject({ assigned_to: null, ai_paused: false });
    expect((await s.call('DELETE', '/team/1', undefined, s.keys.admin)).status).toBe(404);
  });
});
