/**
 * The sandbox's AI answers (audit 7, M4 part 2; 2.6 `bot`, 2.14 `replies.ai`, 2.17 batching,
 * 2.19 `ai_response`; docs/decisions.md, "The sandbox's AI acts as configured"): on a live AI
 * thread that no flow took, a question gets one `bot` message that says exactly what the
 * knowledge base gave (the FAQ's answer, or the gap's `ai_response`), at once with batching off,
 * or once per batch when `batch_window_ms` has passed on the virtual clock. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, FAQ_QUESTION, UNKNOWN_QUESTION, threadHelpers, type Json } from './support/ai-thread.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

const T0 = Date.parse('2030-03-04T15:00:00Z');

function helpers(api: () => RuntimeApi) {
  const { accountId, call, say } = threadHelpers(api, 'telegram');
  /** The thread's `bot` lines signed with the AI's name (a flow's automation lines are `bot` too, signed "Automation"), oldest first. */
  const botLines = async (conversationId: number) => {
    const aiName = (data(await call('GET', '/ai/config'))['identity'] as Json)['name'];
    return data<Json[]>(await call('GET', `/conversations/${conversationId}/messages`, undefined, { limit: '100' }))
      .filter((message) => message['sender_type'] === 'bot' && message['sender_name'] === aiName)
      .sort((a, b) => (a['id'] as number) - (b['id'] as number));
  };
  const faqAnswer = async (id: number) => data(await call('GET', `/knowledge/faqs/${id}`))['answer'] as string;
  const newestGap = async () => data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { status: 'all', limit: '1' }))[0]!;
  const aiReplies = async () => (data(await call('GET', '/analytics/overview'))['replies'] as { ai: { current: number } }).ai.current;
  /** No welcome (audit 8, N10: it would open the first reply), so a reply is exactly the answers. */
  const batching = (on: boolean, windowMs = 6000) =>
    call(
      'PATCH',
      '/ai/config',
      on
        ? { identity: { welcome_message: '' }, behavior: { batch_messages: true, batch_window_ms: windowMs } }
        : { identity: { welcome_message: '' }, file_handling: { enabled: false }, behavior: { batch_messages: false } },
    );
  const advance = (duration: string) => api().sim.sandbox.clock.advance(duration);
  return { accountId, call, say, botLines, faqAnswer, newestGap, aiReplies, batching, advance };
}

describeRuntimes('the AI replies at once with batching off (audit 7, M4)', (api) => {
  const { call, say, botLines, faqAnswer, newestGap, aiReplies, batching } = helpers(api);

  it('answers a question an FAQ covers with the FAQ answer, as a bot line counted in replies.ai', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await batching(false)).status).toBe(200);
    const before = await aiReplies();
    const thread = say('tg_m4_faq', FAQ_QUESTION);
    const lines = await botLines(thread.id);
    expect(lines).toHaveLength(1);
    const aiName = (data(await call('GET', '/ai/config'))['identity'] as Json)['name'];
    expect(lines[0]).toMatchObject({ direction: 'outbound', sender_type: 'bot', sender_name: aiName, text: await faqAnswer(1), created_at: '2030-03-04T15:00:00+00:00' });
    expect(await aiReplies()).toBe(before + 1);
    expect(data(await call('GET', `/conversations/${thread.id}`))['last_message_at']).toBe('2030-03-04T15:00:00+00:00');
  });

  it("answers an unknown question with exactly the gap's ai_response", async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(false);
    const thread = say('tg_m4_gap', UNKNOWN_QUESTION);
    const gap = await newestGap();
    expect(gap).toMatchObject({ conversation_id: thread.id, signal_type: 'no_knowledge' });
    expect((await botLines(thread.id)).map((line) => line['text'])).toEqual([gap['ai_response']]);
  });

  it("answers a weak match with the FAQ's answer the gap records", async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(false);
    const thread = say('tg_m4_weak', 'What hours are you open for kayak rentals?');
    const gap = await newestGap();
    expect(gap).toMatchObject({ conversation_id: thread.id, signal_type: 'weak_match' });
    expect((await botLines(thread.id)).map((line) => line['text'])).toEqual([gap['ai_response']]);
  });

  it('says nothing to a message that is not a question, nor on a muted thread, nor where the channel AI is off', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(false);
    const before = await aiReplies();
    const chat = say('tg_m4_chat', 'thanks, see you soon');
    expect(await botLines(chat.id)).toEqual([]);
    const claimed = say('tg_m4_claimed', 'hello there');
    await call('PATCH', `/conversations/${claimed.id}`, { ai_paused: true });
    say('tg_m4_claimed', FAQ_QUESTION);
    expect(await botLines(claimed.id)).toEqual([]);
    await call('PATCH', '/ai/channels/telegram', { ai_enabled: false });
    const off = say('tg_m4_off', FAQ_QUESTION);
    expect(await botLines(off.id)).toEqual([]);
    expect(await aiReplies()).toBe(before);
  });

  it('stays quiet where a flow took the message (a keyword flow on Instagram), and answers the same question on a channel without the flow', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(false);
    const question = 'Do you have a gear guide for beginners?';
    const flowThread = say('ig_m4_flow', question, 'instagram');
    const sessions = data<Json[]>(await call('GET', '/flow-sessions', undefined, { contact_id: String(flowThread.contact_id) }));
    expect(sessions.length).toBe(1);
    const transcript = data<Json[]>(await call('GET', `/conversations/${flowThread.id}/messages`, undefined, { limit: '100' }));
    expect(transcript.filter((line) => line['sender_type'] === 'bot').map((line) => line['sender_name'])).toEqual(['Automation']);
    expect(await botLines(flowThread.id)).toEqual([]);
    const plain = say('tg_m4_flow', question);
    expect(await botLines(plain.id)).toHaveLength(1);
  });

  it('at one frozen instant, a flow that took the first message does not silence the AI for the next', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(false);
    const definition = {
      trigger: { source: 'dm', keywords: ['sparrow'], match_type: 'contains' },
      nodes: [
        { id: '1', type: 'trigger', config: {} },
        { id: '2', type: 'message', config: { text: 'Sparrow club: welcome!' } },
      ],
      edges: [{ from: '1', to: '2' }],
    };
    const created = data(await call('POST', '/flows', { name: 'Sparrow club', channels: ['whatsapp'], definition }));
    expect((await call('POST', `/flows/${created['id']}/activate`, {})).status).toBe(200);
    const thread = say('+15550002323', 'sparrow', 'whatsapp');
    const sessions = data<Json[]>(await call('GET', '/flow-sessions', undefined, { contact_id: String(thread.contact_id) }));
    expect(sessions.map((session) => session['status'])).toEqual(['completed']);
    expect(await botLines(thread.id)).toEqual([]);
    say('+15550002323', FAQ_QUESTION, 'whatsapp');
    expect((await botLines(thread.id)).map((line) => line['text'])).toEqual([await faqAnswer(1)]);
  });
});

describeRuntimes('the AI replies once per batch with batching on (audit 7, M4)', (api) => {
  const { call, say, botLines, faqAnswer, newestGap, batching, advance } = helpers(api);

  it('replies when batch_window_ms has passed since the first answered message, answering the whole batch in one bot line', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await batching(true, 6000)).status).toBe(200);
    const thread = say('tg_m4_batch', FAQ_QUESTION);
    advance('2s');
    say('tg_m4_batch', UNKNOWN_QUESTION);
    say('tg_m4_batch', 'ok thanks');
    expect(await botLines(thread.id)).toEqual([]);
    advance('3999ms');
    expect(await botLines(thread.id)).toEqual([]);
    advance('1ms');
    const gap = await newestGap();
    const lines = await botLines(thread.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ text: `${await faqAnswer(1)}\n\n${gap['ai_response']}`, created_at: '2030-03-04T15:00:06+00:00' });
    advance('1m');
    expect(await botLines(thread.id)).toHaveLength(1);
    // A later question starts a new batch.
    say('tg_m4_batch', FAQ_QUESTION);
    advance('6s');
    expect((await botLines(thread.id)).map((line) => line['text'])).toEqual([lines[0]!['text'], await faqAnswer(1)]);
  });

  it('a reply due after a long jump is stamped when it was due', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(true, 6000);
    const thread = say('tg_m4_jump', FAQ_QUESTION);
    advance('2h');
    expect((await botLines(thread.id)).map((line) => line['created_at'])).toEqual(['2030-03-04T15:00:06+00:00']);
  });

  it('a batch waiting at a snapshot is sent after a restore (timers are stored), and not twice', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(true, 6000);
    const thread = say('tg_m4_snapshot', FAQ_QUESTION);
    const snapshot = JSON.parse(JSON.stringify(api().sim.snapshot())) as unknown;
    advance('10s');
    expect(await botLines(thread.id)).toHaveLength(1);
    const operator = { 'X-Sandbox-Token': api().sim.controlToken };
    expect((await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator, body: snapshot })).status).toBe(200);
    expect(await botLines(thread.id)).toEqual([]);
    advance('10s');
    expect((await botLines(thread.id)).map((line) => line['text'])).toEqual([await faqAnswer(1)]);
  });

  it('a deleted thread takes its waiting reply with it', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(true, 6000);
    const gone = say('tg_m4_deleted', FAQ_QUESTION);
    const kept = say('tg_m4_kept', FAQ_QUESTION);
    expect((await call('DELETE', `/conversations/${gone.id}`)).status).toBe(200);
    advance('10s');
    expect(await botLines(kept.id)).toHaveLength(1);
    expect((await call('GET', `/conversations/${gone.id}`)).status).toBe(404);
  });

  it('drops the batch when the thread is muted before it is due', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(true, 6000);
    const thread = say('tg_m4_muted', FAQ_QUESTION);
    const members = data<Json[]>(await call('GET', '/team'));
    await call('POST', `/conversations/${thread.id}/assign`, { assigned_to: members[0]!['id'] });
    advance('10s');
    expect(await botLines(thread.id)).toEqual([]);
  });

  it('a WhatsApp reply due after the messaging window closed is not sent (the send rules)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching(true, 6000);
    const thread = say('+15550001212', FAQ_QUESTION, 'whatsapp');
    api().sim.sandbox.setConversationState(api().accounts[0]!.id, thread.id, { window: 'closed' });
    advance('10s');
    expect(await botLines(thread.id)).toEqual([]);
  });
});
