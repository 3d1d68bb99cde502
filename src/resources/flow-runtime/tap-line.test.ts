/**
 * A tap is a customer line (docs/decisions.md, L3 as edited; spec 2.6 lists `postback` among
 * message types), live as the default seed records it: a tap on a message's postback button
 * (`POST /_sandbox/flow-sessions/{id}/tap`) and a persistent-menu postback
 * (`POST /_sandbox/flow-runtime/postback`) write one inbound `postback` line with the button's
 * title at the tap's instant, fire `message.received`, and move what a customer line moves: the
 * thread's `last_message_at`, the contact's `last_seen_at`, the open sessions'
 * `last_user_message_at` and `window_expires_at`, the overview's `messages.inbound`. A referral
 * still writes nothing. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const trigger = { id: '1', type: 'trigger', config: {} };
/** Asks with two postback buttons; "Yes please" leads to a question that waits, "No thanks" ends. */
const askWithButtons = (keyword: string) => ({
  trigger: { source: 'dm', keywords: [keyword], match_type: 'exact' },
  nodes: [
    trigger,
    { id: '2', type: 'message', config: { text: 'Want our guide?', buttons: [{ type: 'postback', title: 'Yes please' }, { type: 'postback', title: 'No thanks' }] } },
    { id: '3', type: 'collect_input', config: { question: 'Your email?', input_type: 'email', variable_name: 'em' } },
    { id: '4', type: 'message', config: { text: 'Maybe later then.' } },
  ],
  edges: [
    { from: '1', to: '2' },
    { from: '2', to: '3', from_port: 'output_1' },
    { from: '2', to: '4', from_port: 'output_2' },
  ],
});
const HOUR = 3600_000;

describeRuntimes(
  'a tap is a postback line (L3)',
  (api) => {
    const key = () => api().keys.full!;
    const call = (method: 'GET' | 'POST', path: string, body?: Json, query?: Record<string, string>) =>
      api().call({ method, path, key: key(), ...(body ? { body } : {}), ...(query ? { query } : {}) });
    const publish = async (definition: Json) => {
      const created = await call('POST', '/flows', { name: `Tap ${Math.random().toString(36).slice(2, 8)}`, definition, channels: ['instagram'] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = data(created)['id'] as number;
      expect((await call('POST', `/flows/${id}/publish`, {})).status).toBe(200);
      return id;
    };
    const inbound = async (user: string, text: string) => {
      const response = await call('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: user, text });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return data(response) as { conversation: { id: number }; contact_id: number };
    };
    /** The transcript, oldest first. */
    const lines = async (conversationId: number) => list(await call('GET', `/conversations/${conversationId}/messages`, undefined, { limit: '100' })).reverse();
    const inboundCount = async () => (data(await call('GET', '/analytics/overview')) as { messages: { inbound: { current: number } } }).messages.inbound.current;
    const received = async () => list(await call('GET', '/_sandbox/events', undefined, { type: 'message.received' })).map((event) => (event['data'] ?? event['payload']) as Json);
    const now = () => api().sim.sandbox.clock.now();

    it('a tap on a message’s postback button writes the customer’s postback line with the title, at the tap, and moves the thread, the contact and the session', async () => {
      const flow = await publish(askWithButtons('taptest'));
      const arrived = await inbound('tap_line_1', 'taptest');
      const [session] = list(await call('GET', '/flow-sessions', undefined, { flow_id: String(flow) }));
      expect(session).toMatchObject({ status: 'waiting_input', current_node_id: '2' });
      api().sim.sandbox.clock.advance('2h');
      const inboundBefore = await inboundCount();
      const eventsBefore = (await received()).length;
      const at = now();

      const tapped = await call('POST', `/_sandbox/flow-sessions/${session!['id']}/tap`, { button: 1 });
      expect(tapped.status, JSON.stringify(tapped.body)).toBe(200);

      const transcript = await lines(arrived.conversation.id);
      const taps = transcript.filter((line) => line['type'] === 'postback');
      expect(taps).toHaveLength(1);
      expect(taps[0]).toMatchObject({ direction: 'inbound', sender_type: 'user', type: 'postback', text: 'Yes please', attachments: [] });
      expect(Date.parse(String(taps[0]!['created_at']))).toBe(Date.parse(at));
      // The flow's next line (the question) comes after the tap.
      expect(transcript.indexOf(taps[0]!)).toBeLessThan(transcript.findIndex((line) => line['text'] === 'Your email?'));

      const conversation = data(await call('GET', `/conversations/${arrived.conversation.id}`));
      expect(Date.parse(String(conversation['last_message_at']))).toBe(Date.parse(at));
      const contact = data(await call('GET', `/contacts/${arrived.contact_id}`));
      expect(Date.parse(String(contact['last_seen_at']))).toBe(Date.parse(at));
      const after = data(await call('GET', `/flow-sessions/${session!['id']}`));
      expect(after).toMatchObject({ status: 'waiting_input', current_node_id: '3' });
      expect(Date.parse(String(after['last_user_message_at']))).toBe(Date.parse(at));
      expect(Date.parse(String(after['window_expires_at']))).toBe(Date.parse(at) + 24 * HOUR);

      expect(await inboundCount()).toBe(inboundBefore + 1);
      const events = await received();
      expect(events).toHaveLength(eventsBefore + 1);
      expect(events.find((payload) => (payload['message'] as Json)['id'] === taps[0]!['id'])).toMatchObject({ conversation_id: arrived.conversation.id, contact_id: arrived.contact_id, channel: 'instagram', message: taps[0] });
    });

    it('a persistent-menu postback writes a postback line titled as its button_tap flow’s button (the payload when no flow names it); a referral writes none', async () => {
      await publish({ trigger: { source: 'button_tap', payload: 'TAP_TALK', button_title: 'Talk to us' }, nodes: [trigger, { id: '2', type: 'message', config: { text: 'Hi from the menu' } }], edges: [{ from: '1', to: '2' }] });
      const arrived = await inbound('tap_line_2', 'hello');
      api().sim.sandbox.clock.advance('30m');
      const at = now();
      expect((await call('POST', '/_sandbox/flow-runtime/postback', { conversation_id: arrived.conversation.id, payload: 'TAP_TALK' })).status).toBe(200);
      let transcript = await lines(arrived.conversation.id);
      expect(transcript.slice(-2).map((line) => [line['sender_type'], line['type'], line['text']])).toEqual([
        ['user', 'postback', 'Talk to us'],
        ['bot', 'text', 'Hi from the menu'],
      ]);
      expect(Date.parse(String(transcript.at(-2)!['created_at']))).toBe(Date.parse(at));
      const contact = data(await call('GET', `/contacts/${arrived.contact_id}`));
      expect(Date.parse(String(contact['last_seen_at']))).toBe(Date.parse(at));

      expect((await call('POST', '/_sandbox/flow-runtime/postback', { conversation_id: arrived.conversation.id, payload: 'NO_FLOW_HERE' })).status).toBe(200);
      transcript = await lines(arrived.conversation.id);
      expect(transcript.at(-1)).toMatchObject({ sender_type: 'user', type: 'postback', text: 'NO_FLOW_HERE' });

      const count = transcript.length;
      expect((await call('POST', '/_sandbox/flow-runtime/referral', { conversation_id: arrived.conversation.id, ref: 'tap-nothing' })).status).toBe(200);
      expect(await lines(arrived.conversation.id)).toHaveLength(count);
    });
  },
  { clock: { frozenAt: '2026-03-02T10:00:00+00:00' } },
);
