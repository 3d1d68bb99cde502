/**
 * The sandbox's AI, second pass (audit 8; docs/decisions.md, "The sandbox's AI, second pass
 * (audit 8)"): what the AI's lines do to the thread's `updated_at` across a clock jump (N4), the
 * booking switch (N9), a dropped batch leaving no gap (N2), the welcome (N10), lead capture (N13),
 * follow-ups after someone else wrote (N8), the inbound answer after an escalation (N6). Virtual
 * clock; both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

type Json = Record<string, unknown>;
const data = <T = Json>(res: { body: unknown }) => (res.body as { data: T }).data;

/** 10:00 in New York (account 1's zone). */
const T0 = Date.parse('2030-03-04T15:00:00Z');
const FAQ_QUESTION = 'What are your opening hours?';

function helpers(api: () => RuntimeApi) {
  const accountId = () => api().accounts[0]!.id;
  const call = (method: string, path: string, body?: Json, query?: Record<string, string>) =>
    api().call({ method, path, key: api().keys.full!, ...(body === undefined ? {} : { body }), ...(query === undefined ? {} : { query }) });
  const say = (platformUserId: string, text: string, channel: 'telegram' | 'whatsapp' | 'sms' = 'telegram') => {
    const heard = api().sim.sandbox.inbound(accountId(), { channel, platform_user_id: platformUserId, text });
    if (!heard.delivered) throw new Error('inbound not delivered');
    return heard.conversation;
  };
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
