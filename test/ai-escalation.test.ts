/**
 * The AI's escalation switches (audit 7, M4 part 1; 2.17 `file_handling`, `behavior.auto_escalation`;
 * 3.1 `escalated` is set by the system; docs/decisions.md, "The sandbox's AI acts as configured"):
 * on a live AI thread, a message carrying an image, a document or a video escalates the thread when
 * file handling is on with that kind's switch (and, with `escalate_if_team_online`, only while a
 * team member is online); a customer asking for a person escalates it when `auto_escalation` is on.
 * Each switch on and off. Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

type Json = Record<string, unknown>;
const data = <T = Json>(res: { body: unknown }) => (res.body as { data: T }).data;

const T0 = Date.parse('2030-03-04T15:00:00Z');
type Kind = 'image' | 'file' | 'video';
const SWITCH: Record<Kind, string> = { image: 'auto_escalate_on_image', file: 'auto_escalate_on_document', video: 'auto_escalate_on_video' };
const ALL_OFF = { auto_escalate_on_image: false, auto_escalate_on_document: false, auto_escalate_on_video: false, escalate_if_team_online: false };

function helpers(api: () => RuntimeApi) {
  const accountId = () => api().accounts[0]!.id;
  const call = (method: string, path: string, body?: Json, query?: Record<string, string>) =>
    api().call({ method, path, key: api().keys.full!, ...(body === undefined ? {} : { body }), ...(query === undefined ? {} : { query }) });
  const send = (platformUserId: string, input: Json) => {
    const heard = api().sim.sandbox.inbound(accountId(), { channel: 'whatsapp', platform_user_id: platformUserId, ...input } as Parameters<RuntimeApi['sim']['sandbox']['inbound']>[1]);
    if (!heard.delivered) throw new Error('inbound not delivered');
    return heard.conversation;
  };
  const attach = (platformUserId: string, kind: Kind) => send(platformUserId, { type: kind, attachments: [{ type: kind, url: `https://example.invalid/${kind}` }] });
  const thread = async (id: number) => data(await call('GET', `/conversations/${id}`));
  const escalatedCount = async () => (data(await call('GET', '/analytics/overview'))['needs_you'] as { escalated: { current: number } }).escalated.current;
  const fileHandling = (switches: Json) => call('PATCH', '/ai/config', { file_handling: { enabled: true, ...ALL_OFF, ...switches } });
  return { accountId, call, send, attach, thread, escalatedCount, fileHandling };
}

describeRuntimes('file handling escalates per kind (audit 7, M4)', (api) => {
  const { call, attach, thread, escalatedCount, fileHandling } = helpers(api);

  for (const kind of ['image', 'file', 'video'] as const) {
    it(`${SWITCH[kind]}: on, a ${kind} escalates the thread as the system does; off (or file handling off), it stays with the AI`, async () => {
      api().sim.sandbox.clock.freeze(T0);
      expect((await fileHandling({ [SWITCH[kind]]: true })).status).toBe(200);
      const before = await escalatedCount();
      const escalated = attach(`+1555000${kind.length}101`, kind);
      expect(await thread(escalated.id)).toMatchObject({ status: 'escalated', ai_paused: true, ai_pause_reason: 'escalated' });
      expect(await escalatedCount()).toBe(before + 1);
      const listed = data<Json[]>(await call('GET', '/conversations', undefined, { status: 'escalated' })).map((row) => row['id']);
      expect(listed).toContain(escalated.id);

      // Off, whatever the other kinds' switches say.
      const others = Object.fromEntries(Object.values(SWITCH).filter((name) => name !== SWITCH[kind]).map((name) => [name, true]));
      await fileHandling(others);
      expect(await thread(attach(`+1555000${kind.length}202`, kind).id)).toMatchObject({ status: 'active', ai_paused: false, ai_pause_reason: null });
      // File handling off: no switch escalates.
      await call('PATCH', '/ai/config', { file_handling: { enabled: false, [SWITCH[kind]]: true } });
      expect(await thread(attach(`+1555000${kind.length}303`, kind).id)).toMatchObject({ status: 'active' });
      expect(await escalatedCount()).toBe(before + 1);
    });
  }

  it('a muted thread is not escalated again, nor is a thread where the channel AI is off', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await fileHandling({ auto_escalate_on_image: true });
    expect(await thread(attach('+15550004403', 'image').id)).toMatchObject({ status: 'escalated' });
    const first = attach('+15550004404', 'file');
    await call('PATCH', `/conversations/${first.id}`, { ai_paused: true });
    attach('+15550004404', 'image');
    expect(await thread(first.id)).toMatchObject({ status: 'active', ai_pause_reason: 'owner_claimed' });
    await call('PATCH', '/ai/channels/whatsapp', { ai_enabled: false });
    expect(await thread(attach('+15550004405', 'image').id)).toMatchObject({ status: 'active', ai_pause_reason: null });
  });

  it('escalate_if_team_online: escalates while a member is online, not once nobody is', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await fileHandling({ auto_escalate_on_image: true, escalate_if_team_online: true });
    const members = data<Json[]>(await call('GET', '/team'));
    expect(members.some((member) => member['status'] === 'online')).toBe(true);
    expect(await thread(attach('+15550005501', 'image').id)).toMatchObject({ status: 'escalated' });
    for (const member of members.filter((row) => row['status'] === 'online')) expect((await call('DELETE', `/team/${member['id']}`)).status).toBe(200);
    expect(await thread(attach('+15550005502', 'image').id)).toMatchObject({ status: 'active', ai_pause_reason: null });
    // Off, nobody online still escalates.
    await fileHandling({ auto_escalate_on_image: true, escalate_if_team_online: false });
    expect(await thread(attach('+15550005503', 'image').id)).toMatchObject({ status: 'escalated' });
  });
});

describeRuntimes('auto_escalation: a customer asking for a person (audit 7, M4)', (api) => {
  const { call, send, thread } = helpers(api);
  const asks = ['Can I talk to a human please?', 'I want to speak to someone', 'REPRESENTATIVE', 'is there a real person there?'];

  it('on: each way of asking escalates, an ordinary question does not; off: none does', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect(data(await call('PATCH', '/ai/config', { behavior: { auto_escalation: true } }))).toMatchObject({ behavior: { auto_escalation: true } });
    for (const [index, text] of asks.entries()) {
      expect(await thread(send(`+1555000660${index}`, { text }).id), text).toMatchObject({ status: 'escalated', ai_pause_reason: 'escalated' });
    }
    expect(await thread(send('+15550006610', { text: 'What are your opening hours?' }).id)).toMatchObject({ status: 'active' });

    // Off: asking for a person leaves the thread with the AI.
    await call('PATCH', '/ai/config', { behavior: { auto_escalation: false } });
    for (const [index, text] of asks.entries()) {
      expect(await thread(send(`+1555000670${index}`, { text }).id), text).toMatchObject({ status: 'active', ai_pause_reason: null });
    }
  });

  it('an escalated question leaves no AI answer: only an escalation gap, with no ai_response (audit 8, N5)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await call('PATCH', '/ai/config', { behavior: { auto_escalation: true, batch_messages: false }, file_handling: { enabled: false } });
    const gaps = data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { status: 'all', limit: '100' })).length;
    const escalated = send('+15550006801', { text: 'Can a human help me pick climbing ropes?' });
    expect(await thread(escalated.id)).toMatchObject({ status: 'escalated' });
    const after = data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { status: 'all', limit: '100' }));
    expect(after.length).toBe(gaps + 1);
    expect(after.filter((gap) => gap['conversation_id'] === escalated.id)).toEqual([expect.objectContaining({ signal_type: 'escalation', ai_response: null })]);
    const lines = data<Json[]>(await call('GET', `/conversations/${escalated.id}/messages`));
    expect(lines.filter((line) => line['sender_type'] === 'bot')).toEqual([]);
  });
});
