/**
 * The sandbox's AI, second pass (audit 8; docs/decisions.md, "The sandbox's AI, second pass
 * (audit 8)"): what the AI's lines do to the thread's `updated_at` across a clock jump (N4), the
 * booking switch (N9), a dropped batch leaving no gap (N2), the welcome (N10), lead capture (N13),
 * follow-ups after someone else wrote (N8), the inbound answer after an escalation (N6). Virtual
 * clock; both runtimes.
 */
import { expect, it } from 'vitest';
import { BOOKING_DECLINE } from '../src/resources/ai-assistant/booking.js';
import { data, FAQ_QUESTION, threadHelpers, type Json } from './support/ai-thread.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

/** 10:00 in New York (account 1's zone). */
const T0 = Date.parse('2030-03-04T15:00:00Z');

function helpers(api: () => RuntimeApi) {
  const { accountId, call, say } = threadHelpers(api, 'telegram');
  const transcript = async (conversationId: number) =>
    data<Json[]>(await call('GET', `/conversations/${conversationId}/messages`, undefined, { limit: '100' })).sort((a, b) => (a['id'] as number) - (b['id'] as number));
  const lines = async (conversationId: number, senderType: string) => (await transcript(conversationId)).filter((message) => message['sender_type'] === senderType);
  const conversation = async (conversationId: number) => data(await call('GET', `/conversations/${conversationId}`));
  const configure = (patch: Json) => call('PATCH', '/ai/config', patch);
  const advance = (duration: string) => api().sim.sandbox.clock.advance(duration);
  const gapsOf = async (conversationId: number) =>
    data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { status: 'all', limit: '100' })).filter((gap) => gap['conversation_id'] === conversationId);
  const faqUses = async (id: number) => data(await call('GET', `/knowledge/faqs/${id}`))['usage_count'] as number;
  return { accountId, call, say, transcript, lines, conversation, configure, advance, gapsOf, faqUses };
}

describeRuntimes('N4: a line written back-dated during a clock jump stamps updated_at with its own instant', (api) => {
  const { call, say, lines, conversation, configure, advance } = helpers(api);

  it('a batched reply and both follow-ups fired by one 2-day advance leave updated_at at the last of them, and updated_since after it skips the thread', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect(
      (await configure({ file_handling: { enabled: false }, behavior: { batch_messages: true, batch_window_ms: 5000 }, followups: { enabled: true, first_delay_minutes: 20, second_delay_hours: 22 } }))
        .status,
    ).toBe(200);
    const thread = say('tg_n4_jump', FAQ_QUESTION);
    advance('2d');
    expect((await lines(thread.id, 'bot')).map((line) => line['created_at'])).toEqual(['2030-03-04T15:00:05+00:00']);
    expect((await lines(thread.id, 'followup')).map((line) => line['created_at'])).toEqual(['2030-03-04T15:20:05+00:00', '2030-03-05T13:20:05+00:00']);
    const after = await conversation(thread.id);
    expect(after['last_message_at']).toBe('2030-03-05T13:20:05+00:00');
    expect(after['updated_at']).toBe('2030-03-05T13:20:05+00:00');
    const since = (at: string) => call('GET', '/conversations', undefined, { updated_since: at, limit: '100' });
    expect(data<Json[]>(await since('2030-03-05T13:20:06Z')).map((row) => row['id'])).not.toContain(thread.id);
    expect(data<Json[]>(await since('2030-03-05T13:20:05Z')).map((row) => row['id'])).toContain(thread.id);
  });

  it('a back-dated AI line never moves updated_at back from where a flow line fired by the same jump put it', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ file_handling: { enabled: false }, behavior: { batch_messages: true, batch_window_ms: 5000 }, followups: { enabled: false } });
    const definition = {
      trigger: { source: 'dm', keywords: ['later'], match_type: 'contains' },
      nodes: [
        { id: '1', type: 'trigger', config: {} },
        { id: '2', type: 'delay', config: { duration: 10, unit: 'minutes' } },
        { id: '3', type: 'message', config: { text: 'Ten minutes later' } },
      ],
      edges: [
        { from: '1', to: '2' },
        { from: '2', to: '3' },
      ],
    };
    const created = data(await call('POST', '/flows', { name: 'Later', channels: ['whatsapp'], definition }));
    expect((await call('POST', `/flows/${created['id']}/activate`, {})).status).toBe(200);
    const thread = say('+15550004444', 'later please', 'whatsapp');
    advance('1s');
    say('+15550004444', FAQ_QUESTION, 'whatsapp');
    advance('3h');
    const texts = (await lines(thread.id, 'bot')).map((line) => [line['text'], line['created_at']]);
    expect(texts).toContainEqual(['Ten minutes later', expect.any(String)]);
    const flowLine = texts.find((line) => line[0] === 'Ten minutes later')![1] as string;
    const after = await conversation(thread.id);
    // Whatever instant the flow's line carries, the thread changed then at the latest.
    expect(Date.parse(after['updated_at'] as string)).toBeGreaterThanOrEqual(Date.parse(flowLine));
    expect(Date.parse(after['updated_at'] as string)).toBeGreaterThanOrEqual(Date.parse('2030-03-04T15:00:06Z'));
  });
});

describeRuntimes('N9: with booking off the AI declines booking requests (2.17 booking.enabled)', (api) => {
  const { call, say, lines, configure, gapsOf, faqUses } = helpers(api);
  const faqAnswerOf = async (id: number) => data(await call('GET', `/knowledge/faqs/${id}`))['answer'];

  it('booking off: a booking request, asked or not, gets the fixed decline, opens no gap and counts no FAQ use', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ identity: { welcome_message: '' }, file_handling: { enabled: false }, behavior: { batch_messages: false }, booking: { enabled: false } })).status).toBe(200);
    const uses = await faqUses(3);
    const asked = say('tg_n9_off', 'Can I book a boot fitting for Saturday?');
    expect((await lines(asked.id, 'bot')).map((line) => line['text'])).toEqual([BOOKING_DECLINE]);
    const told = say('tg_n9_told', "I'd like to make an appointment");
    expect((await lines(told.id, 'bot')).map((line) => line['text'])).toEqual([BOOKING_DECLINE]);
    expect(await gapsOf(asked.id)).toEqual([]);
    expect(await gapsOf(told.id)).toEqual([]);
    expect(await faqUses(3)).toBe(uses);
    // Other questions are answered as before.
    say('tg_n9_off', FAQ_QUESTION);
    expect((await lines(asked.id, 'bot')).map((line) => line['text'])).toEqual([BOOKING_DECLINE, await faqAnswerOf(1)]);
  });

  it('booking on: the same request is answered from the knowledge base, not declined', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ file_handling: { enabled: false }, behavior: { batch_messages: false }, booking: { enabled: true } })).status).toBe(200);
    const asked = say('tg_n9_on', 'Can I book a boot fitting for Saturday?');
    const texts = (await lines(asked.id, 'bot')).map((line) => line['text']);
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toBe(BOOKING_DECLINE);
    const told = say('tg_n9_on_told', "I'd like to make an appointment");
    expect(await lines(told.id, 'bot')).toEqual([]);
  });
});

describeRuntimes('N2: a batched reply that never goes out leaves no gap and no FAQ use', (api) => {
  const { call, say, lines, conversation, configure, advance, gapsOf, faqUses } = helpers(api);
  const batching = () => configure({ file_handling: { enabled: false }, behavior: { batch_messages: true, batch_window_ms: 6000, auto_escalation: true } });

  it('escalated inside the window: no bot line, no knowledge gap (only the escalation one, N5), no FAQ use', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await batching()).status).toBe(200);
    const uses = await faqUses(1);
    const thread = say('tg_n2_esc', 'Do you repair tents?');
    say('tg_n2_esc', FAQ_QUESTION);
    say('tg_n2_esc', 'Actually let me talk to a human');
    advance('10s');
    expect((await conversation(thread.id))['status']).toBe('escalated');
    expect(await lines(thread.id, 'bot')).toEqual([]);
    expect((await gapsOf(thread.id)).map((gap) => [gap['signal_type'], gap['user_message'], gap['ai_response']])).toEqual([
      ['escalation', 'Actually let me talk to a human', null],
    ]);
    expect(await faqUses(1)).toBe(uses);
  });

  it('assigned inside the window, or opted out (SMS STOP): no gap, no FAQ use; a reply that goes out still hears both', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await batching();
    const uses = await faqUses(1);
    const assigned = say('tg_n2_assign', 'Do you repair tents?');
    say('tg_n2_assign', FAQ_QUESTION);
    const members = data<Json[]>(await call('GET', '/team'));
    expect((await call('POST', `/conversations/${assigned.id}/assign`, { assigned_to: members[0]!['id'] })).status).toBe(200);
    const stopped = say('+15550007777', 'Do you sell kayak paddles?', 'sms');
    say('+15550007777', 'STOP', 'sms');
    advance('10s');
    expect(await lines(assigned.id, 'bot')).toEqual([]);
    expect(await gapsOf(assigned.id)).toEqual([]);
    expect(await lines(stopped.id, 'bot')).toEqual([]);
    expect(await gapsOf(stopped.id)).toEqual([]);
    expect(await faqUses(1)).toBe(uses);
    // Control: the same questions on a live thread are heard when the reply goes out.
    const live = say('tg_n2_live', 'Do you repair tents?');
    say('tg_n2_live', FAQ_QUESTION);
    expect(await gapsOf(live.id)).toEqual([]);
    advance('10s');
    expect(await lines(live.id, 'bot')).toHaveLength(1);
    expect((await gapsOf(live.id)).map((gap) => gap['user_message'])).toEqual(['Do you repair tents?']);
    expect(await faqUses(1)).toBe(uses + 1);
  });
});

describeRuntimes("N10: the welcome opens the AI's first reply on a thread (2.17 identity.welcome_message, welcome_mode)", (api) => {
  const { call, say, lines, configure } = helpers(api);
  const faqAnswer = async (id: number) => data(await call('GET', `/knowledge/faqs/${id}`))['answer'] as string;
  const welcomeOf = async () => ((data(await call('GET', '/ai/config'))['identity'] as Json)['welcome_message'] as string);

  it('combined: the first reply is the welcome, a blank line, then the answer; later replies are the answer alone', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ identity: { welcome_mode: 'combined' }, file_handling: { enabled: false }, behavior: { batch_messages: false } })).status).toBe(200);
    const welcome = await welcomeOf();
    expect(welcome.length).toBeGreaterThan(0);
    const thread = say('tg_n10_combined', FAQ_QUESTION);
    say('tg_n10_combined', FAQ_QUESTION);
    expect((await lines(thread.id, 'bot')).map((line) => line['text'])).toEqual([`${welcome}\n\n${await faqAnswer(1)}`, await faqAnswer(1)]);
  });

  it('standalone: the welcome is a line of its own just before the first reply, at the same instant; once per thread', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ identity: { welcome_mode: 'standalone' }, file_handling: { enabled: false }, behavior: { batch_messages: true, batch_window_ms: 5000 } })).status).toBe(200);
    const welcome = await welcomeOf();
    const thread = say('tg_n10_standalone', FAQ_QUESTION);
    advance10();
    say('tg_n10_standalone', FAQ_QUESTION);
    advance10();
    const bot = await lines(thread.id, 'bot');
    expect(bot.map((line) => line['text'])).toEqual([welcome, await faqAnswer(1), await faqAnswer(1)]);
    expect(bot[0]!['created_at']).toBe(bot[1]!['created_at']);
    expect(bot[0]!['created_at']).toBe('2030-03-04T15:00:05+00:00');
  });

  it('no reply, no welcome: a message that is not a question greets nobody', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ identity: { welcome_mode: 'standalone' }, file_handling: { enabled: false }, behavior: { batch_messages: false } });
    const thread = say('tg_n10_quiet', 'thanks, see you soon');
    expect(await lines(thread.id, 'bot')).toEqual([]);
  });

  function advance10() {
    api().sim.sandbox.clock.advance('10s');
  }
});

describeRuntimes('N13: with capture_leads among behavior.goals the AI saves the email or phone it is handed', (api) => {
  const { accountId, call, say, conversation, configure } = helpers(api);
  const leads = (contactId: number) =>
    api().sim.sandbox.events(accountId(), { type: 'lead.captured' }).filter((event) => ((event.data as Json)['contact'] as Json)['id'] === contactId);

  it('capture_leads on: the email in the message fills the contact (lead_email) and fires lead.captured once', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ file_handling: { enabled: false }, behavior: { batch_messages: false, goals: ['answer_questions', 'capture_leads'] } })).status).toBe(200);
    const thread = say('tg_n13_email', 'Can you email me the price list? my email is sam@example.com');
    expect(await conversation(thread.id)).toMatchObject({ lead_email: 'sam@example.com' });
    expect(leads(thread.contact_id)).toHaveLength(1);
    const phone = say('tg_n13_phone', 'Call me on +1 555 010 9999 please');
    expect((await conversation(phone.id))['lead_phone']).not.toBeNull();
    expect(leads(phone.contact_id)).toHaveLength(1);
  });

  it('capture_leads off, or the thread muted: nothing is saved', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ file_handling: { enabled: false }, behavior: { batch_messages: false, goals: ['answer_questions'] } });
    const off = say('tg_n13_off', 'my email is off@example.com, what are your opening hours?');
    expect(await conversation(off.id)).toMatchObject({ lead_email: null });
    await configure({ behavior: { goals: ['capture_leads'] } });
    const muted = say('tg_n13_muted', 'hello');
    expect((await call('PATCH', `/conversations/${muted.id}`, { ai_paused: true })).status).toBe(200);
    say('tg_n13_muted', 'my email is muted@example.com');
    expect(await conversation(muted.id)).toMatchObject({ lead_email: null });
    expect(leads(muted.contact_id)).toEqual([]);
  });
});

describeRuntimes("N8: pending follow-ups are dropped once someone else writes after the AI's reply", (api) => {
  const { call, say, lines, configure, advance } = helpers(api);
  const followupsOn = () =>
    configure({ file_handling: { enabled: false }, behavior: { batch_messages: false }, followups: { enabled: true, first_delay_minutes: 20, second_delay_hours: 22 } });

  it('an agent line (POST /messages) after the AI reply cancels both follow-ups', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await followupsOn()).status).toBe(200);
    const thread = say('tg_n8_agent', FAQ_QUESTION);
    advance('10s');
    expect(await lines(thread.id, 'bot')).toHaveLength(1);
    const sent = await call('POST', '/messages', { idempotency_key: 'n8-agent', conversation_id: thread.id, message_text: 'Hi, Dana here from the shop.' });
    expect(sent.status).toBe(200);
    advance('2d');
    expect(await lines(thread.id, 'followup')).toEqual([]);
  });

  it("a flow's line after the AI reply cancels them too; with nobody writing they still go (the control)", async () => {
    api().sim.sandbox.clock.freeze(T0);
    await followupsOn();
    const control = say('+15550005555', FAQ_QUESTION, 'whatsapp');
    const definition = {
      trigger: { source: 'dm', keywords: ['wren'], match_type: 'contains' },
      nodes: [
        { id: '1', type: 'trigger', config: {} },
        { id: '2', type: 'delay', config: { duration: 1, unit: 'minutes' } },
        { id: '3', type: 'message', config: { text: 'Wren club: welcome!' } },
      ],
      edges: [
        { from: '1', to: '2' },
        { from: '2', to: '3' },
      ],
    };
    const created = data(await call('POST', '/flows', { name: 'Wren club', channels: ['whatsapp'], definition }));
    expect((await call('POST', `/flows/${created['id']}/activate`, {})).status).toBe(200);
    const thread = say('+15550006767', 'wren', 'whatsapp');
    say('+15550006767', FAQ_QUESTION, 'whatsapp');
    const aiName = (data(await call('GET', '/ai/config'))['identity'] as Json)['name'];
    // The AI answered the question (the flow is only delayed); the flow's line comes a minute later.
    expect((await lines(thread.id, 'bot')).map((line) => line['sender_name'])).toEqual([aiName]);
    advance('2m');
    expect((await lines(thread.id, 'bot')).map((line) => line['text'])).toContain('Wren club: welcome!');
    advance('30m');
    expect(await lines(thread.id, 'followup')).toEqual([]);
    expect(await lines(control.id, 'followup')).toHaveLength(1);
  });
});

describeRuntimes('N6: POST /_sandbox/inbound answers the conversation as the AI left it', (api) => {
  const { call, configure } = helpers(api);

  it('a message the AI escalates is answered with the escalated, paused thread, as GET shows it', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ behavior: { auto_escalation: true } })).status).toBe(200);
    const res = await api().call({
      method: 'POST',
      path: '/_sandbox/inbound',
      key: api().keys.full!,
      body: { channel: 'telegram', platform_user_id: 'tg_n6_human', text: 'Can I talk to a human please?' },
    });
    expect(res.status).toBe(200);
    const answered = data(res)['conversation'] as Json;
    expect(answered).toMatchObject({ status: 'escalated', ai_paused: true, ai_pause_reason: 'escalated' });
    expect(answered).toEqual(data(await call('GET', `/conversations/${answered['id']}`)));
  });
});

describeRuntimes('N5: an AI escalation records a 2.19 escalation gap', (api) => {
  const { call, say, conversation, configure, advance, gapsOf } = helpers(api);

  it('the message the AI handed over is an escalation gap (ai_response null, suggested_target instructions); the same words again add an occurrence', async () => {
    api().sim.sandbox.clock.freeze(T0);
    expect((await configure({ file_handling: { enabled: false }, behavior: { batch_messages: false, auto_escalation: true } })).status).toBe(200);
    const first = say('tg_n5_a', 'Can I talk to a human please?');
    expect((await conversation(first.id))['status']).toBe('escalated');
    const [gap] = await gapsOf(first.id);
    expect(gap).toMatchObject({ signal_type: 'escalation', status: 'open', user_message: 'Can I talk to a human please?', ai_response: null, suggested_target: 'instructions', occurrence_count: 1 });
    advance('1m');
    const second = say('tg_n5_b', 'can i talk to a human please');
    const listed = data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { signal_type: 'escalation', status: 'all', limit: '100' }));
    expect(listed.find((row) => row['id'] === gap!['id'])).toMatchObject({ occurrence_count: 2, conversation_id: second.id });
  });
});

describeRuntimes('N2: a reply timer stored before audit 8 (its answers already heard) still goes out after a restore', (api) => {
  const { say, lines, configure, advance } = helpers(api);

  it('a step-0 reply timer in a snapshot is sent with its stored answers, unheard again', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await configure({ identity: { welcome_message: '' }, file_handling: { enabled: false }, behavior: { batch_messages: true, batch_window_ms: 6000 } });
    const thread = say('tg_n2_old', FAQ_QUESTION);
    const snapshot = JSON.parse(JSON.stringify(api().sim.snapshot())) as { store: { collections: Record<string, Json[]> } };
    const timers = snapshot.store.collections['ai_timers']!;
    const timer = timers.find((row) => row['conversation_id'] === thread.id && row['kind'] === 'reply')!;
    // As audit 7 stored it: the answer, heard at inbound.
    Object.assign(timer, { step: 0, answers: ['An answer heard before the restore.'] });
    const operator = { 'X-Sandbox-Token': api().sim.controlToken };
    expect((await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator, body: snapshot })).status).toBe(200);
    advance('10s');
    expect((await lines(thread.id, 'bot')).map((line) => line['text'])).toEqual(['An answer heard before the restore.']);
  });
});
