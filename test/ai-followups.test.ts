/**
 * The AI's follow-ups (audit 7, M4; 2.6 `followup`, 2.17 `followups`; docs/decisions.md, "The
 * sandbox's AI acts as configured"): after an AI reply the customer does not answer, a `followup`
 * line at `first_delay_minutes`, a second `second_delay_hours` after the first, never inside quiet
 * hours (moved to their end, in the account's time zone), never on a muted thread or a closed
 * window, and none once the customer writes. Virtual clock; both runtimes.
 */
import { expect, it } from 'vitest';
import { data, FAQ_QUESTION, threadHelpers, type Json } from './support/ai-thread.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

/** 10:00 in New York (account 1's zone): follow-ups at 20 minutes and 22 hours (its seed). */
const T0 = Date.parse('2030-03-04T15:00:00Z');

function helpers(api: () => RuntimeApi) {
  const { accountId, call, say } = threadHelpers(api, 'telegram');
  const lines = async (conversationId: number, senderType: string) =>
    data<Json[]>(await call('GET', `/conversations/${conversationId}/messages`, undefined, { limit: '100' }))
      .filter((message) => message['sender_type'] === senderType)
      .sort((a, b) => (a['id'] as number) - (b['id'] as number));
  const followups = async (conversationId: number) => (await lines(conversationId, 'followup')).map((line) => line['created_at']);
  /** Replies at once (batching off), follow-ups as given. */
  const configure = (followupsPatch: Json = {}) =>
    call('PATCH', '/ai/config', { file_handling: { enabled: false }, behavior: { batch_messages: false }, followups: { enabled: true, ...followupsPatch } });
  const advance = (duration: string) => api().sim.sandbox.clock.advance(duration);
  return { accountId, call, say, lines, followups, configure, advance };
}

describeRuntimes('follow-ups after an AI reply (audit 7, M4)', (api) => {
  const { accountId, call, say, lines, followups, configure, advance } = helpers(api);

  it('the first at first_delay_minutes, the second second_delay_hours after it, then nothing', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ first_delay_minutes: 20, second_delay_hours: 22 })).status).toBe(200);
    const thread = say('tg_fu_chain', FAQ_QUESTION);
    expect(await lines(thread.id, 'bot')).toHaveLength(1);
    advance('19m59s');
    expect(await followups(thread.id)).toEqual([]);
    advance('1s');
    const first = await lines(thread.id, 'followup');
    expect(first).toHaveLength(1);
    const aiName = (data(await call('GET', '/ai/config'))['identity'] as Json)['name'];
    expect(first[0]).toMatchObject({ direction: 'outbound', sender_type: 'followup', sender_name: aiName, created_at: '2030-03-04T15:20:00+00:00' });
    expect(typeof first[0]!['text']).toBe('string');
    advance('22h');
    expect(await followups(thread.id)).toEqual(['2030-03-04T15:20:00+00:00', '2030-03-05T13:20:00+00:00']);
    advance('3d');
    expect(await followups(thread.id)).toHaveLength(2);
  });

  it('a long jump sends both, each stamped when it was due', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ first_delay_minutes: 20, second_delay_hours: 22 });
    const thread = say('tg_fu_jump', FAQ_QUESTION);
    advance('2d');
    expect(await followups(thread.id)).toEqual(['2030-03-04T15:20:00+00:00', '2030-03-05T13:20:00+00:00']);
  });

  it('the customer writing cancels them; a new AI reply starts a new chain', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ first_delay_minutes: 20, second_delay_hours: 22 });
    const thread = say('tg_fu_cancel', FAQ_QUESTION);
    advance('10m');
    say('tg_fu_cancel', 'great, thanks');
    advance('2d');
    expect(await followups(thread.id)).toEqual([]);
    say('tg_fu_cancel', FAQ_QUESTION);
    advance('20m');
    expect(await followups(thread.id)).toEqual(['2030-03-06T15:30:00+00:00']);
  });

  it('never inside quiet hours: one due at 21:10 in New York goes out at 08:00 the next morning', async () => {
    // 20:50 in New York (EST, UTC-5).
    api().sim.sandbox.clock.freeze(Date.parse('2030-03-05T01:50:00Z'));
    await configure({ first_delay_minutes: 20, second_delay_hours: 1, quiet_hours: { enabled: true, start: '21:00', end: '08:00' } });
    const thread = say('tg_fu_quiet', FAQ_QUESTION);
    advance('1d');
    expect(await followups(thread.id)).toEqual(['2030-03-05T13:00:00+00:00', '2030-03-05T14:00:00+00:00']);
  });

  it('quiet hours off: at the delay, night or not', async () => {
    api().sim.sandbox.clock.freeze(Date.parse('2030-03-05T01:50:00Z'));
    await configure({ first_delay_minutes: 20, second_delay_hours: 1, quiet_hours: { enabled: false } });
    const thread = say('tg_fu_night', FAQ_QUESTION);
    advance('1d');
    expect(await followups(thread.id)).toEqual(['2030-03-05T02:10:00+00:00', '2030-03-05T03:10:00+00:00']);
  });

  it('none on a thread muted meanwhile, none once the window closed, none with follow-ups off', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ first_delay_minutes: 20, second_delay_hours: 22 });
    const live = say('tg_fu_live', FAQ_QUESTION);
    const muted = say('tg_fu_muted', FAQ_QUESTION);
    await call('PATCH', `/conversations/${muted.id}`, { ai_paused: true });
    const closed = say('+15550007001', FAQ_QUESTION, 'whatsapp');
    api().sim.sandbox.setConversationState(accountId(), closed.id, { window: 'closed' });
    advance('2d');
    expect(await followups(live.id)).toHaveLength(2);
    expect(await followups(muted.id)).toEqual([]);
    expect(await followups(closed.id)).toEqual([]);

    await call('PATCH', '/ai/config', { followups: { enabled: false } });
    const off = say('tg_fu_off', FAQ_QUESTION);
    expect(await lines(off.id, 'bot')).toHaveLength(1);
    advance('2d');
    expect(await followups(off.id)).toEqual([]);
  });

  it('spring-forward night: quiet hours ending at 02:30, a time the night skips, end at the jump (03:00 EDT), not at 01:30 EST (audit 9b, P2)', async () => {
    // 22:50 EST on Saturday 2030-03-09; at 07:00Z 02:00 EST becomes 03:00 EDT.
    api().sim.sandbox.clock.freeze(Date.parse('2030-03-10T03:50:00Z'));
    await configure({ first_delay_minutes: 20, second_delay_hours: 1, quiet_hours: { enabled: true, start: '22:00', end: '02:30' } });
    const thread = say('tg_fu_spring', FAQ_QUESTION);
    advance('3d');
    expect(await followups(thread.id)).toEqual(['2030-03-10T07:00:00+00:00', '2030-03-10T08:00:00+00:00']);
  });

  it('quiet hours are read when a follow-up falls due: switched on after the reply they hold it back to their end (audit 9b, P3)', async () => {
    // 20:50 EST; the first follow-up is due at 21:10 EST.
    api().sim.sandbox.clock.freeze(Date.parse('2030-01-16T01:50:00Z'));
    await configure({ first_delay_minutes: 20, second_delay_hours: 1, quiet_hours: { enabled: false } });
    const thread = say('tg_fu_on_later', FAQ_QUESTION);
    expect(await lines(thread.id, 'bot')).toHaveLength(1);
    advance('10s');
    expect((await call('PATCH', '/ai/config', { followups: { quiet_hours: { enabled: true, start: '21:00', end: '08:00' } } })).status).toBe(200);
    advance('2d');
    expect(await followups(thread.id)).toEqual(['2030-01-16T13:00:00+00:00', '2030-01-16T14:00:00+00:00']);
  });

  it('quiet hours switched off after the reply: the follow-up goes at its due time, not at their old end (audit 9b, P3)', async () => {
    api().sim.sandbox.clock.freeze(Date.parse('2030-01-16T01:50:00Z'));
    await configure({ first_delay_minutes: 20, second_delay_hours: 1, quiet_hours: { enabled: true, start: '21:00', end: '08:00' } });
    const thread = say('tg_fu_off_later', FAQ_QUESTION);
    advance('10s');
    expect((await call('PATCH', '/ai/config', { followups: { quiet_hours: { enabled: false } } })).status).toBe(200);
    advance('2d');
    expect(await followups(thread.id)).toEqual(['2030-01-16T02:10:00+00:00', '2030-01-16T03:10:00+00:00']);
  });

  it('the second follow-up reads the quiet hours in force when it falls due too', async () => {
    // First at 21:10 EST with no quiet hours; quiet hours switched on before the second (22:10 EST) is due.
    api().sim.sandbox.clock.freeze(Date.parse('2030-01-16T01:50:00Z'));
    await configure({ first_delay_minutes: 20, second_delay_hours: 1, quiet_hours: { enabled: false } });
    const thread = say('tg_fu_second', FAQ_QUESTION);
    advance('30m');
    expect(await followups(thread.id)).toEqual(['2030-01-16T02:10:00+00:00']);
    await call('PATCH', '/ai/config', { followups: { quiet_hours: { enabled: true, start: '22:00', end: '07:30' } } });
    advance('2d');
    expect(await followups(thread.id)).toEqual(['2030-01-16T02:10:00+00:00', '2030-01-16T12:30:00+00:00']);
  });

  it('spring-forward night in London (account 2): quiet hours ending at 01:30, skipped, end at the jump (02:00 BST)', async () => {
    // 2030-03-31 01:00Z: 01:00 GMT becomes 02:00 BST. Reply at 22:30 GMT, first follow-up due 23:00 GMT.
    api().sim.sandbox.clock.freeze(Date.parse('2030-03-30T22:30:00Z'));
    const london = api().accounts[1]!;
    const key = london.keys.admin ?? london.keys.full!;
    const configured = await api().call({
      method: 'PATCH',
      path: '/ai/config',
      key,
      body: { file_handling: { enabled: false }, behavior: { batch_messages: false }, followups: { enabled: true, first_delay_minutes: 30, second_delay_hours: 1, quiet_hours: { enabled: true, start: '22:00', end: '01:30' } } },
    });
    expect(configured.status).toBe(200);
    const heard = api().sim.sandbox.inbound(london.id, { channel: 'telegram', platform_user_id: 'tg_fu_london', text: FAQ_QUESTION });
    if (!heard.delivered) throw new Error('inbound not delivered');
    advance('3d');
    const messages = data<Json[]>(await api().call({ path: `/conversations/${heard.conversation.id}/messages`, key, query: { limit: '100' } }));
    const sent = messages.filter((message) => message['sender_type'] === 'followup').map((message) => message['created_at']).sort();
    expect(sent).toEqual(['2030-03-31T01:00:00+00:00', '2030-03-31T02:00:00+00:00']);
  });
});
