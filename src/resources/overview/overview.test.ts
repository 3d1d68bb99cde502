/**
 * Overview analytics through HTTP (2.14): every key, every count `{current, previous}`, the fixed
 * rolling 30-day window on the virtual clock (counts move from current to previous, then out),
 * scoping to the caller's account, the plan-lookup fault (usage null) and the usage settings.
 * Counts are asserted as deltas over the default seed, so the seed can grow without breaking them.
 */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';
import { Overview, type CountData, type OverviewData } from './schemas.js';

const NOW = '2026-03-01T10:00:00+00:00';

function setup() {
  const t = testSimulator({ clock: { frozenAt: NOW } });
  const { sim, accounts } = t;
  const key = (account: number) => accounts[account - 1]!.keys.full!;
  const overview = async (account = 1): Promise<OverviewData> => {
    const res = await sim.request({ path: '/analytics/overview', key: key(account) });
    expect(res.status).toBe(200);
    return Overview.parse((res.body as { data: unknown }).data);
  };
  const post = (path: string, body: unknown, account = 1) => sim.request({ method: 'POST', path, key: key(account), body });
  return { ...t, key, overview, post };
}

/** Every `{current, previous}` leaf of the overview, by its path. */
function counts(value: unknown, path = ''): Map<string, CountData> {
  const found = new Map<string, CountData>();
  if (value === null || typeof value !== 'object') return found;
  const record = value as Record<string, unknown>;
  if (typeof record.current === 'number' && typeof record.previous === 'number') found.set(path, record as unknown as CountData);
  for (const [name, child] of Object.entries(record)) for (const [p, c] of counts(child, `${path}.${name}`)) found.set(p, c);
  return found;
}

describe('GET /analytics/overview: shape (2.14)', () => {
  it('answers every key of 2.14, each count {current, previous}, with a 30-day window ending now', async () => {
    const { overview } = setup();
    const data = await overview();
    expect(Object.keys(data).sort()).toEqual(
      ['api_sends', 'appointments', 'comment_triggers', 'contacts', 'flows', 'knowledge_gaps', 'messages', 'needs_you', 'replies', 'usage', 'window'].sort(),
    );
    expect(data.window).toEqual({ days: 30, current_from: '2026-01-30T10:00:00+00:00', previous_from: '2025-12-31T10:00:00+00:00' });
    expect(Object.keys(data.messages).sort()).toEqual(['by_channel', 'conversations', 'inbound', 'outbound']);
    expect(Object.keys(data.messages.by_channel).sort()).toEqual(['facebook', 'instagram', 'sms', 'telegram', 'whatsapp']);
    expect(Object.keys(data.replies).sort()).toEqual(['ai', 'automation']);
    expect(Object.keys(data.contacts).sort()).toEqual(['new', 'total', 'with_email', 'with_phone']);
    expect(Object.keys(data.appointments).sort()).toEqual(['created', 'next', 'upcoming']);
    expect(Object.keys(data.knowledge_gaps).sort()).toEqual(['open', 'resolved']);
    expect(Object.keys(data.needs_you).sort()).toEqual(['copilot_drafts', 'escalated']);
    expect(Object.keys(data.api_sends).sort()).toEqual(['requested', 'sent']);
    expect(Object.keys(data.usage!).sort()).toEqual(['billing_cycle', 'conversations', 'is_trial', 'overage', 'sms']);
    const leaves = counts(data);
    for (const path of ['.messages.inbound', '.messages.by_channel.sms', '.replies.ai', '.contacts.total', '.appointments.upcoming', '.appointments.created', '.knowledge_gaps.resolved', '.needs_you.copilot_drafts', '.api_sends.sent']) {
      expect(leaves.has(path), path).toBe(true);
    }
    expect(data.appointments.created.all_time).toBeGreaterThanOrEqual(data.appointments.created.current + data.appointments.created.previous);
  });

  it('lists the account’s flows by id, with the seeded sessions as entries, and the standalone triggers with no dated fire', async () => {
    const { overview, sim, key } = setup();
    const data = await overview();
    const listed = (await sim.request({ path: '/flows', key: key(1), query: { limit: '100' } })).body as { data: { id: number; name: string }[] };
    expect(data.flows.map((flow) => flow.id)).toEqual(listed.data.map((flow) => flow.id).sort((a, b) => a - b));
    // Entries are the flow's sessions by start: the default seed's, counted here from GET /flow-sessions.
    const sessions = (await sim.request({ path: '/flow-sessions', key: key(1), query: { limit: '100' } })).body as { data: { flow_id: number; started_at: string }[] };
    expect(sessions.data.length).toBeGreaterThan(0);
    const nowMs = Date.parse(NOW);
    const day = 86_400_000;
    for (const flow of data.flows) {
      const started = sessions.data.filter((session) => session.flow_id === flow.id).map((session) => Date.parse(session.started_at));
      expect(flow.entries, flow.name).toEqual({
        current: started.filter((ms) => ms >= nowMs - 30 * day).length,
        previous: started.filter((ms) => ms >= nowMs - 60 * day && ms < nowMs - 30 * day).length,
        all_time: started.length,
      });
    }
    expect(data.flows.some((flow) => flow.entries.all_time > 0 && flow.entries.current > 0)).toBe(true);
    // Seeded triggers' fires are their fire log, from creation to the last fire: the default
    // seed's were all created and last fired 30 to 60 days back, so the previous window holds them all.
    const triggers = (await sim.request({ path: '/comment-triggers', key: key(1) })).body as {
      data: { id: number; created_at: string; stats: { fires: number; last_fired_at: string | null } }[];
    };
    const linkedIds = new Set(data.flows.flatMap((flow) => (flow.comment_trigger_id === undefined ? [] : [flow.comment_trigger_id])));
    expect(data.comment_triggers.map((trigger) => trigger.id)).toEqual(triggers.data.map((trigger) => trigger.id).filter((id) => !linkedIds.has(id)).sort((a, b) => a - b));
    for (const trigger of data.comment_triggers) {
      const seeded = triggers.data.find((row) => row.id === trigger.id)!;
      const { fires, last_fired_at: last } = seeded.stats;
      if (last !== null) expect(Date.parse(seeded.created_at) >= nowMs - 60 * day && Date.parse(last) < nowMs - 30 * day, trigger.name).toBe(true);
      expect(trigger.fires, trigger.name).toEqual({ current: 0, previous: fires, all_time: fires });
    }
    expect(data.comment_triggers.some((trigger) => trigger.fires.all_time > 0)).toBe(true);
  });

  it('ignores query parameters (the route takes none) and needs only a read key', async () => {
    const { sim, accounts } = setup();
    const res = await sim.request({ path: '/analytics/overview', key: accounts[0]!.keys.read!, query: { range: '7d' } });
    expect(res.status).toBe(200);
    expect((await sim.request({ path: '/analytics/overview' })).status).toBe(401);
  });
});

describe('the rolling window on the virtual clock', () => {
  it('counts a message in current, then in previous after 30 days, then not at all after 60', async () => {
    const { sim, overview } = setup();
    const before = await overview();
    sim.sandbox.inbound(1, { channel: 'telegram', platform_user_id: 'tg_overview_1', text: 'Hello there' });
    const now = await overview();
    expect(now.messages.inbound.current).toBe(before.messages.inbound.current + 1);
    expect(now.messages.by_channel.telegram.current).toBe(before.messages.by_channel.telegram.current + 1);
    expect(now.messages.conversations.current).toBe(before.messages.conversations.current + 1);
    expect(now.contacts.new.current).toBe(before.contacts.new.current + 1);
    expect(now.contacts.total.current).toBe(before.contacts.total.current + 1);
    expect(now.contacts.total.previous).toBe(before.contacts.total.previous);

    sim.sandbox.clock.advance('31d');
    const later = await overview();
    const inbound = (data: OverviewData) => data.messages.by_channel.telegram;
    expect(inbound(later).current).toBe(0);
    expect(inbound(later).previous).toBe(before.messages.by_channel.telegram.current + 1);
    expect(later.contacts.total.current).toBe(later.contacts.total.previous);

    sim.sandbox.clock.advance('30d');
    const gone = await overview();
    expect(inbound(gone)).toEqual({ current: 0, previous: 0 });
    expect(gone.contacts.new).toEqual({ current: 0, previous: 0 });
    expect(gone.contacts.total.current).toBe(now.contacts.total.current);
  });

  it('puts an instant exactly at current_from in current, and one just before it in previous', async () => {
    const { sim, overview } = setup();
    const base = (await overview()).messages.by_channel.facebook;
    sim.sandbox.seedConversation(1, {
      channel: 'facebook',
      platform_user_id: 'fb_overview_edge',
      messages: [
        { sender_type: 'user', text: 'on the edge', ago: '30d' },
        { sender_type: 'user', text: 'just before', ago: '30d1s' },
      ],
    });
    const after = (await overview()).messages.by_channel.facebook;
    expect(after.current - base.current).toBe(1);
    expect(after.previous - base.previous).toBe(1);
  });

  it('splits replies into AI (bot) and automation (follow-ups), and counts copilot drafts and escalations', async () => {
    const { sim, overview } = setup();
    const before = await overview();
    const thread = sim.sandbox.seedConversation(1, {
      channel: 'instagram',
      platform_user_id: 'ig_overview_replies',
      status: 'escalated',
      messages: [
        { sender_type: 'user', text: 'Need help', ago: '40d' },
        { sender_type: 'bot', text: 'AI answer', ago: '40d' },
        { sender_type: 'followup', text: 'Still there?', ago: '2d' },
        { sender_type: 'agent', text: 'Human here', ago: '1d' },
        { sender_type: 'bot', text: 'A suggestion', copilot_draft: true, ago: '1h' },
      ],
    }) as { id: number };
    const after = await overview();
    expect(after.replies.ai.previous - before.replies.ai.previous).toBe(1);
    expect(after.replies.ai.current).toBe(before.replies.ai.current);
    expect(after.replies.automation.current - before.replies.automation.current).toBe(1);
    expect(after.messages.outbound.current - before.messages.outbound.current).toBe(2);
    expect(after.needs_you.copilot_drafts.current - before.needs_you.copilot_drafts.current).toBe(1);
    expect(after.needs_you.escalated.current - before.needs_you.escalated.current).toBe(1);
    expect(thread.id).toBeGreaterThan(0);
  });

  it('moves upcoming appointments into previous once their time has passed', async () => {
    const { sim, overview } = setup();
    const before = await overview();
    expect(before.appointments.next.length).toBeLessThanOrEqual(5);
    const times = before.appointments.next.map((item) => item.scheduled_at);
    expect([...times].sort()).toEqual(times);
    for (const item of before.appointments.next) {
      expect(['pending', 'confirmed']).toContain(item.status);
      expect(item.scheduled_at >= NOW).toBe(true);
    }
    expect(before.appointments.upcoming.current).toBeGreaterThan(0);
    const soon = before.appointments.next.filter((item) => item.scheduled_at < '2026-03-20T00:00:00+00:00').length;
    sim.sandbox.clock.advance('20d');
    const after = await overview();
    expect(after.appointments.next.every((item) => item.scheduled_at >= '2026-03-21T10:00:00+00:00')).toBe(true);
    expect(after.appointments.upcoming.previous).toBeGreaterThanOrEqual(soon);
    expect(after.appointments.created.all_time).toBe(before.appointments.created.all_time);
  });

  it('counts API sends requested and sent from the send audit, failures as requested only', async () => {
    const { sim, overview, post } = setup();
    const before = await overview();
    sim.sandbox.inbound(1, { channel: 'telegram', platform_user_id: 'tg_overview_send', text: 'hi' });
    const send = (key: string) => post('/messages', { platform: 'telegram', platform_user_id: 'tg_overview_send', message_text: 'Thanks', idempotency_key: key });
    expect((await send('ov-1')).status).toBe(200);
    sim.sandbox.failNextSends(1, { channel: 'telegram', platform_user_id: 'tg_overview_send', error: 'unprocessable_send' });
    expect((await send('ov-2')).status).toBe(422);
    const after = await overview();
    expect(after.api_sends.requested.current - before.api_sends.requested.current).toBe(2);
    expect(after.api_sends.sent.current - before.api_sends.sent.current).toBe(1);
    sim.sandbox.clock.advance('31d');
    const later = await overview();
    expect(later.api_sends.requested.previous).toBe(after.api_sends.requested.current);
  });

  it('counts knowledge gaps created in the window by their state now', async () => {
    const { sim, overview } = setup();
    const before = await overview();
    sim.sandbox.createKnowledgeGap(1, { signal_type: 'escalation', channel: 'instagram', user_message: 'Do you ship to Mars?' });
    sim.sandbox.createKnowledgeGap(1, { signal_type: 'escalation', channel: 'instagram', user_message: 'Is parking free?', status: 'resolved' });
    const after = await overview();
    expect(after.knowledge_gaps.open.current - before.knowledge_gaps.open.current).toBe(1);
    expect(after.knowledge_gaps.resolved.current - before.knowledge_gaps.resolved.current).toBe(1);
  });
});

describe('scoping and usage', () => {
  it('counts only the caller’s account', async () => {
    const { sim, overview } = setup();
    const other = await overview(2);
    sim.sandbox.inbound(1, { channel: 'telegram', platform_user_id: 'tg_overview_scope', text: 'hi' });
    expect(await overview(2)).toEqual(other);
  });

  it('answers usage null while the plan lookup fails, and shapes usage from trial and overage', async () => {
    const { sim, overview } = setup();
    const usage = (await overview()).usage!;
    expect(usage.billing_cycle).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(usage.is_trial).toBe(false);
    expect(usage.overage).toMatchObject({ enabled: false, units: 0 });
    expect(usage.conversations.percent).toBe(Math.round((usage.conversations.used / usage.conversations.limit) * 100));

    expect(sim.sandbox.setOverviewUsage(1, { plan_lookup: 'fail' })).toMatchObject({ plan_lookup: 'fail' });
    const faulted = await overview();
    expect(faulted.usage).toBeNull();
    expect(faulted.messages).toEqual((await overview()).messages);
    expect((await overview(2)).usage).not.toBeNull();

    sim.sandbox.setOverviewUsage(1, { plan_lookup: 'ok', is_trial: true, overage_enabled: true });
    const restored = (await overview()).usage!;
    expect(restored.is_trial).toBe(true);
    expect(restored.overage.enabled).toBe(restored.overage.eligible);

    const bad = await sim.request({ method: 'POST', path: '/_sandbox/analytics/usage', headers: { 'X-Sandbox-Token': sim.controlToken, 'X-Sandbox-Account': '1' }, body: { plan_lookup: 'maybe' } });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { param?: string } }).error.param).toBe('plan_lookup');
  });

  it('counts SMS sent in the billing cycle against the plan’s SMS allowance', async () => {
    const { sim, overview } = setup();
    const before = (await overview()).usage!;
    sim.sandbox.seedConversation(1, {
      channel: 'sms',
      platform_user_id: '+15550109999',
      messages: [{ sender_type: 'user', text: 'hi', ago: '1h' }, { sender_type: 'bot', text: 'hello', ago: '1h' }],
    });
    const after = (await overview()).usage!;
    expect(after.sms.used - before.sms.used).toBe(1);
    expect(after.conversations.used - before.conversations.used).toBe(1);
    sim.sandbox.clock.advance('31d');
    const next = (await overview()).usage!;
    expect(next.billing_cycle).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(next.sms.used).toBe(0);
  });
});
