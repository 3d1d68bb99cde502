/**
 * Where a flow and the sandbox's AI meet on one thread (audit 8; docs/decisions.md, "Flows and
 * the AI meet (audit 8)"), through the public surface in both runtimes:
 * - N11: a flow's `ai_reply` step writes nothing on a thread muted for the AI (2.5: assigned or
 *   escalated; any `ai_paused`) and leaves by `output_2`; `replies.ai` does not move.
 * - N3: the runtime says which message it took; a referral or postback that started a flow at the
 *   same frozen instant does not silence the AI for the customer's next question.
 * - N1: the AI's auto-escalation and a flow's ai_reply step recognise the same requests for a human.
 * - N12: within one clock advance, a flow's timers fire at their due instants (lines, events and
 *   the next timer), as the AI's replies and follow-ups do.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const T0 = Date.parse('2030-03-04T15:00:00Z');
const trigger = { id: '1', type: 'trigger', config: {} };
let serial = 0;
const keyword = (stem: string) => `${stem}${(serial++).toString(36)}x`;

/** trigger -> ai_reply `n` (answer_questions, summary in `sum`) -> output_1 "one [{sum}]" / output_2 "two [{sum}]". */
const aiStep = (word: string) => ({
  trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
  nodes: [
    trigger,
    { id: 'n', type: 'ai_reply', config: { goal: 'answer_questions', instructions: 'Answer briefly.', max_turns: 5, save_summary_to: 'sum' } },
    { id: 'a', type: 'message', config: { text: 'one [{sum}]' } },
    { id: 'b', type: 'message', config: { text: 'two [{sum}]' } },
  ],
  edges: [
    { from: '1', to: 'n' },
    { from: 'n', from_port: 'output_1', to: 'a' },
    { from: 'n', from_port: 'output_2', to: 'b' },
  ],
});

type Count = { current: number };
const FAQ_QUESTION = 'What are your opening hours?';
/** A flow whose trigger sends one message and completes. */
const oneMessage = (source: Json, text: string) => ({ trigger: source, nodes: [trigger, { id: '2', type: 'message', config: { text } }], edges: [{ from: '1', to: '2' }] });

describeRuntimes('flows and the AI meet (audit 8)', (api) => {
  const key = () => api().keys.full!;
  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: Json, query?: Record<string, string>) =>
    api().call({ method, path, key: key(), ...(body ? { body } : {}), ...(query ? { query } : {}) });
  const publish = async (definition: Json, channels: string[]) => {
    const created = await call('POST', '/flows', { name: `Meet ${serial++}`, definition, channels });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = data(created)['id'] as number;
    expect((await call('POST', `/flows/${id}/publish`, {})).status).toBe(200);
    return id;
  };
  const say = async (channel: string, user: string, text: string) => {
    const response = await call('POST', '/_sandbox/inbound', { channel, platform_user_id: user, text });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (data(response) as { conversation: { id: number } }).conversation.id;
  };
  /** The transcript, oldest first. */
  const transcript = async (conversationId: number) => list(await call('GET', `/conversations/${conversationId}/messages`, undefined, { limit: '100' })).reverse();
  const aiReplies = async () => (data(await call('GET', '/analytics/overview'))['replies'] as { ai: Count }).ai.current;
  const exitsOf = async (flowId: number) => {
    const session = list(await call('GET', '/flow-sessions', undefined, { flow_id: String(flowId) }))[0]!;
    return list(await call('GET', `/flow-sessions/${String(session['id'])}/events`))
      .filter((event) => event['type'] === 'node_exited' && event['node_key'] === 'n')
      .map((event) => event['output_port']);
  };

  it.each(['escalated', 'assigned', 'paused'] as const)('N11: on a %s thread an ai_reply step writes nothing, leaves by output_2 and replies.ai stays', async (how) => {
    api().sim.sandbox.clock.freeze(T0);
    const word = keyword('mute');
    const flowId = await publish(aiStep(word), ['whatsapp']);
    const user = `+1555000${String(1000 + serial)}`;
    const thread = await say('whatsapp', user, 'hello there');
    if (how === 'escalated') await say('whatsapp', user, 'Can I talk to a human please?');
    if (how === 'assigned') expect((await call('POST', `/conversations/${thread}/assign`, { assigned_to: 1 })).status).toBe(200);
    if (how === 'paused') expect((await call('PATCH', `/conversations/${thread}`, { ai_paused: true })).status).toBe(200);
    const conversation = data(await call('GET', `/conversations/${thread}`));
    expect(conversation['ai_paused']).toBe(true);
    const before = await aiReplies();
    await say('whatsapp', user, word);
    await say('whatsapp', user, 'What do you sell?');
    const lines = (await transcript(thread)).filter((line) => line['sender_type'] === 'bot').map((line) => line['text']);
    expect(lines.filter((text) => String(text).startsWith('Thanks! (AI step'))).toEqual([]);
    expect(lines).toContain('two [answer questions, 1 turn: the thread is with a person.]');
    expect(await exitsOf(flowId)).toEqual(['output_2']);
    expect(await aiReplies()).toBe(before);
  });

  it('N11: on a live thread the same step still answers (the control)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const word = keyword('live');
    await publish(aiStep(word), ['whatsapp']);
    const user = '+15550009911';
    const before = await aiReplies();
    const thread = await say('whatsapp', user, word);
    await say('whatsapp', user, 'What do you sell?');
    const lines = (await transcript(thread)).filter((line) => line['sender_type'] === 'bot').map((line) => line['text']);
    expect(lines).toEqual(['Thanks! (AI step: answer questions)']);
    expect(await aiReplies()).toBe(before + 1);
  });

  /** The AI's own lines (a flow's are signed "Automation"), oldest first. */
  const aiLines = async (conversationId: number) => {
    const aiName = (data(await call('GET', '/ai/config'))['identity'] as Json)['name'];
    return (await transcript(conversationId)).filter((line) => line['sender_type'] === 'bot' && line['sender_name'] === aiName).map((line) => line['text']);
  };
  const faqAnswer = async (id: number) => data(await call('GET', `/knowledge/faqs/${id}`))['answer'];
  // No welcome either: the AI's first reply on a thread would open with it (docs/decisions.md, "The sandbox's AI, second pass").
  const batchingOff = async () =>
    expect((await call('PATCH', '/ai/config', { identity: { welcome_message: '' }, file_handling: { enabled: false }, behavior: { batch_messages: false } })).status).toBe(200);

  it.each([
    ['a referral', 'instagram', { source: 'qr_code', ref: 'meet-promo' }, '/_sandbox/flow-runtime/referral', { ref: 'meet-promo' }],
    ['a persistent-menu postback', 'facebook', { source: 'button_tap', payload: 'MEET_HOURS', button_title: 'Hours' }, '/_sandbox/flow-runtime/postback', { payload: 'MEET_HOURS' }],
  ] as const)('N3: %s starts a flow, and the question asked at the same frozen instant still gets the AI’s answer', async (_name, channel, source, path, body) => {
    api().sim.sandbox.clock.freeze(T0);
    await batchingOff();
    const flowId = await publish(oneMessage(source, 'Welcome promo!'), [channel]);
    const user = `meet_${channel}_${serial++}`;
    const thread = await say(channel, user, 'hello');
    api().sim.sandbox.clock.advance('1m');
    expect((await call('POST', path, { conversation_id: thread, ...body })).status).toBe(200);
    expect(list(await call('GET', '/flow-sessions', undefined, { flow_id: String(flowId) })).map((session) => session['status'])).toEqual(['completed']);
    await say(channel, user, FAQ_QUESTION);
    expect(await aiLines(thread)).toEqual([await faqAnswer(1)]);
  });

  it('N3: a keyword the flow takes at that instant keeps the AI quiet, and the next question at the same instant is answered', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batchingOff();
    const word = keyword('meetkw');
    await publish(oneMessage({ source: 'dm', keywords: [word], match_type: 'exact' }, 'Keyword flow here'), ['instagram']);
    const user = `meet_kw_${serial++}`;
    const thread = await say('instagram', user, word);
    expect(await aiLines(thread)).toEqual([]);
    await say('instagram', user, FAQ_QUESTION);
    expect(await aiLines(thread)).toEqual([await faqAnswer(1)]);
  });

  it('N3: an answer a waiting question takes keeps the AI quiet', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batchingOff();
    const word = keyword('meetask');
    const definition = {
      trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
      nodes: [trigger, { id: '2', type: 'collect_input', config: { question: 'What do you want to know?', input_type: 'text', variable_name: 'q' } }],
      edges: [{ from: '1', to: '2' }],
    };
    await publish(definition, ['instagram']);
    const user = `meet_ask_${serial++}`;
    const thread = await say('instagram', user, word);
    await say('instagram', user, FAQ_QUESTION);
    expect(await aiLines(thread)).toEqual([]);
  });

  it.each(['Let me speak to a manager', 'I need an operator', 'Can I get customer service?', 'chat with the team please'])(
    'N1: "%s" escalates a live AI thread and sends a flow’s ai_reply step out by output_2',
    async (text) => {
      api().sim.sandbox.clock.freeze(T0);
      const user = `tg_meet_${serial++}`;
      const thread = await say('telegram', user, text);
      expect(data(await call('GET', `/conversations/${thread}`))).toMatchObject({ status: 'escalated', ai_pause_reason: 'escalated' });
      const word = keyword('meeth');
      const flowId = await publish(aiStep(word), ['whatsapp']);
      const waUser = `+1555001${String(1000 + serial)}`;
      await say('whatsapp', waUser, word);
      await say('whatsapp', waUser, text);
      expect(await exitsOf(flowId)).toEqual(['output_2']);
    },
  );

  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

  it('N12: one 3 h advance stamps a 10-minute delay’s line at +10 min and a chained 20-minute one at +30 min, with their events', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const word = keyword('later');
    const flowId = await publish(
      {
        trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
        nodes: [
          trigger,
          { id: 'd1', type: 'delay', config: { duration: 10, unit: 'minutes' } },
          { id: 'm1', type: 'message', config: { text: 'Ten minutes later' } },
          { id: 'd2', type: 'delay', config: { duration: 20, unit: 'minutes' } },
          { id: 'm2', type: 'message', config: { text: 'Thirty minutes later' } },
        ],
        edges: [
          { from: '1', to: 'd1' },
          { from: 'd1', to: 'm1' },
          { from: 'm1', to: 'd2' },
          { from: 'd2', to: 'm2' },
        ],
      },
      ['whatsapp'],
    );
    const thread = await say('whatsapp', '+15550004242', word);
    api().sim.sandbox.clock.advance('3h');
    const lines = (await transcript(thread)).filter((line) => line['sender_name'] === 'Automation');
    expect(lines.map((line) => [line['text'], line['created_at']])).toEqual([
      ['Ten minutes later', iso(T0 + 10 * 60_000)],
      ['Thirty minutes later', iso(T0 + 30 * 60_000)],
    ]);
    const session = list(await call('GET', '/flow-sessions', undefined, { flow_id: String(flowId) }))[0]!;
    expect(session['status']).toBe('completed');
    const events = list(await call('GET', `/flow-sessions/${String(session['id'])}/events`));
    const at = (type: string, node: string) => events.find((event) => event['type'] === type && event['node_key'] === node)?.['occurred_at'];
    expect(at('node_exited', 'd1')).toBe(iso(T0 + 10 * 60_000));
    expect(at('node_exited', 'd2')).toBe(iso(T0 + 30 * 60_000));
    expect(events.find((event) => event['type'] === 'session_completed')?.['occurred_at']).toBe(iso(T0 + 30 * 60_000));
  });

  it('N12: a flow line due before the AI’s follow-up is stamped before it in the same advance', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const word = keyword('later');
    await publish(
      {
        trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
        nodes: [trigger, { id: 'd1', type: 'delay', config: { duration: 10, unit: 'minutes' } }, { id: 'm1', type: 'message', config: { text: 'Ten minutes later' } }],
        edges: [
          { from: '1', to: 'd1' },
          { from: 'd1', to: 'm1' },
        ],
      },
      ['whatsapp'],
    );
    const user = '+15550004343';
    const thread = await say('whatsapp', user, word);
    api().sim.sandbox.clock.advance('1s');
    await say('whatsapp', user, FAQ_QUESTION);
    api().sim.sandbox.clock.advance('3h');
    const stamps = new Map((await transcript(thread)).filter((line) => line['direction'] === 'outbound').map((line) => [line['sender_type'] === 'followup' ? `followup ${String(line['text']).slice(0, 12)}` : line['text'], line['created_at']]));
    const flowLine = stamps.get('Ten minutes later');
    const followUp = stamps.get('followup Just checkin');
    expect(flowLine).toBe(iso(T0 + 10 * 60_000));
    expect(followUp).toBeDefined();
    expect(Date.parse(String(flowLine))).toBeLessThan(Date.parse(String(followUp)));
  });

  it('N12: a delay due inside the messaging window sends its line even when the advance lands after the window closed', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const word = keyword('window');
    const flowId = await publish(
      {
        trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
        nodes: [trigger, { id: 'd1', type: 'delay', config: { duration: 1, unit: 'hours' } }, { id: 'm1', type: 'message', config: { text: 'One hour later' } }],
        edges: [
          { from: '1', to: 'd1' },
          { from: 'd1', to: 'm1' },
        ],
      },
      ['whatsapp'],
    );
    const thread = await say('whatsapp', '+15550004444', word);
    api().sim.sandbox.clock.advance('2d');
    const line = (await transcript(thread)).find((message) => message['text'] === 'One hour later');
    expect(line?.['created_at']).toBe(iso(T0 + 3600_000));
    expect(list(await call('GET', '/flow-sessions', undefined, { flow_id: String(flowId) }))[0]).toMatchObject({ status: 'completed' });
  });
});
