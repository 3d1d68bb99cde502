/**
 * The flow runtime's seams with the rest of the service (audit 7a; docs/decisions.md, "Flow
 * runtime seams (audit 7, L0-L12)"), through the public surface in both runtimes:
 * - L0: a flow's lines count in the overview's `replies.automation`, not `replies.ai`, in both
 *   windows; the AI's lines (and an ai_reply step's) stay in `replies.ai`.
 * - L10: a story mention or a shared post answers no waiting question; it starts its own flow.
 * - L11: one question in flight per thread: a newer waiting session supersedes the older one.
 * - L4: a session never waits on a closed window, whatever its first waiting node.
 * - L12: a flow step on a disconnected channel (or one without messaging permission) sends
 *   nothing and ends the session, as POST /messages refuses 412 / 403.
 * - L3: a referral (ref link, QR code, ad) or a postback (menu button, message button) opens the
 *   messaging window as a message does.
 * - Audit 9c: a deleted thread ends the sessions waiting in it (cancelled / conversation_deleted).
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const trigger = { id: '1', type: 'trigger', config: {} };
/** A flow that sends one message. */
const oneMessage = (source: Json, text: string) => ({ trigger: source, nodes: [trigger, { id: '2', type: 'message', config: { text } }], edges: [{ from: '1', to: '2' }] });
/** A flow that asks for an email: `got {em}` on a valid answer, `gave up` when retries run out. */
const askEmail = (source: Json) => ({
  trigger: source,
  nodes: [
    trigger,
    { id: '2', type: 'collect_input', config: { question: 'Your email?', input_type: 'email', variable_name: 'em', max_retries: 1, retry_message: 'Not an email, again?' } },
    { id: '3', type: 'message', config: { text: 'got {em}' } },
    { id: '4', type: 'message', config: { text: 'gave up' } },
  ],
  edges: [
    { from: '1', to: '2' },
    { from: '2', to: '3', from_port: 'output_1' },
    { from: '2', to: '4', from_port: 'output_2' },
  ],
});
/** A flow whose first waiting node is an ai_reply (it asks nothing first). */
const aiFirst = (source: Json) => ({
  trigger: source,
  nodes: [trigger, { id: '2', type: 'ai_reply', config: { goal: 'answer_questions', instructions: 'Answer briefly.', max_turns: 3 } }],
  edges: [{ from: '1', to: '2' }],
});

type Count = { current: number; previous: number };
type Replies = { ai: Count; automation: Count };

describeRuntimes(
  'flow runtime seams (audit 7a)',
  (api) => {
    const key = () => api().keys.full!;
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: Json) => api().call({ method, path, key: key(), ...(body ? { body } : {}) });
    const publish = async (definition: Json, channels: string[] = ['instagram']) => {
      const created = await call('POST', '/flows', { name: `Seam ${Math.random().toString(36).slice(2, 8)}`, definition, channels });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = data(created)['id'] as number;
      expect((await call('POST', `/flows/${id}/publish`, {})).status).toBe(200);
      return id;
    };
    const inbound = async (user: string, body: Json) => {
      const response = await call('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: user, ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (data(response) as { conversation: { id: number } }).conversation.id;
    };
    const sessionsOf = async (flowId: number) => list(await api().call({ path: '/flow-sessions', key: key(), query: { flow_id: String(flowId) } }));
    const onlySession = async (flowId: number) => {
      const sessions = await sessionsOf(flowId);
      expect(sessions).toHaveLength(1);
      return sessions[0]!;
    };
    const eventsOf = async (sessionId: unknown) => list(await api().call({ path: `/flow-sessions/${sessionId}/events`, key: key() }));
    /** The transcript's lines, oldest first. */
    const texts = async (conversationId: number) =>
      list(await api().call({ path: `/conversations/${conversationId}/messages`, key: key(), query: { limit: '100' } }))
        .reverse()
        .map((line) => line['text']);
    const replies = async (): Promise<Replies> => (data(await call('GET', '/analytics/overview')) as { replies: Replies }).replies;
    const advance = (duration: string) => api().sim.sandbox.clock.advance(duration);

    it('L0: a flow line moves replies.automation, not replies.ai; the AI’s lines (and an ai_reply step’s) move replies.ai', async () => {
      await publish(oneMessage({ source: 'dm', keywords: ['seamkey'], match_type: 'exact' }, 'Flow says hi'));
      await publish(aiFirst({ source: 'dm', keywords: ['seamai'], match_type: 'exact' }));
      const before = await replies();
      const thread = await inbound('seam_l0', { text: 'seamkey' });
      expect(await texts(thread)).toContain('Flow says hi');
      const afterFlow = await replies();
      expect(afterFlow.automation.current - before.automation.current).toBe(1);
      expect(afterFlow.ai.current).toBe(before.ai.current);

      // The AI replying in a thread (placed by the sandbox, as seeds do) is the AI's.
      const seeded = await call('POST', '/_sandbox/conversations', {
        channel: 'instagram',
        platform_user_id: 'seam_l0_ai',
        messages: [
          { sender_type: 'user', text: 'Do you ship?', ago: '2m' },
          { sender_type: 'bot', sender_name: 'Atlas AI', text: 'We do!', ago: '1m' },
        ],
      });
      expect(seeded.status).toBe(201);
      const afterAi = await replies();
      expect(afterAi.ai.current - afterFlow.ai.current).toBe(1);
      expect(afterAi.automation.current).toBe(afterFlow.automation.current);

      // An ai_reply step writes with the AI, inside a flow: the AI's reply.
      const aiThread = await inbound('seam_l0_step', { text: 'seamai' });
      await inbound('seam_l0_step', { text: 'where is my order' });
      expect((await texts(aiThread)).filter((text) => String(text).startsWith('Thanks! (AI step'))).toHaveLength(1);
      const afterStep = await replies();
      expect(afterStep.ai.current - afterAi.ai.current).toBe(1);
      expect(afterStep.automation.current).toBe(afterAi.automation.current);
    });

    it('L0: a flow line 40 days old counts in replies.automation.previous, not replies.ai.previous', async () => {
      // Baseline: the same 40 days pass with no flow line.
      advance('40d');
      const baseline = await replies();
      api().sim.reset();
      await publish(oneMessage({ source: 'dm', keywords: ['seamold'], match_type: 'exact' }, 'An old flow line'));
      await inbound('seam_l0_old', { text: 'seamold' });
      advance('40d');
      const after = await replies();
      expect(after.automation.previous - baseline.automation.previous).toBe(1);
      expect(after.ai.previous).toBe(baseline.ai.previous);
      expect(after.automation.current).toBe(baseline.automation.current);
    });

    it('L0: a flow line still counts as automation after its thread is deleted (the kept analytics row keeps its message id)', async () => {
      await publish(oneMessage({ source: 'dm', keywords: ['seamgone'], match_type: 'exact' }, 'Soon gone'));
      const before = await replies();
      const thread = await inbound('seam_l0_gone', { text: 'seamgone' });
      expect((await call('DELETE', `/conversations/${thread}`)).status).toBe(200);
      const after = await replies();
      expect(after.automation.current - before.automation.current).toBe(1);
      expect(after.ai.current).toBe(before.ai.current);
    });

    it('L10: a story mention or a shared post answers no waiting question; it starts its own flow and the question still waits', async () => {
      const asking = await publish(askEmail({ source: 'dm', keywords: ['zzqseam'], match_type: 'exact' }));
      const mention = await publish(oneMessage({ source: 'story_mention', once_per_person: false }, 'thanks for the mention'));
      const thread = await inbound('seam_q1', { text: 'zzqseam' });
      advance('2h');
      await inbound('seam_q1', { type: 'image', event: 'story_mention', post_id: '17900000000001' });
      // No shared_post flow: the share just passes by the question. A share must be of one of the
      // account's Instagram posts (docs/decisions.md, "What the catalogue promises"), so make one.
      expect((await call('POST', '/_sandbox/recent-posts', { channel: 'instagram', id: '17900000000004', media_type: 'IMAGE' })).status).toBe(200);
      await inbound('seam_q1', { type: 'image', event: 'shared_post', post_id: '17900000000004' });
      expect(await onlySession(mention)).toMatchObject({ status: 'completed' });
      const waiting = await onlySession(asking);
      expect(waiting).toMatchObject({ status: 'waiting_input', current_node_id: '2' });
      expect((await eventsOf(waiting['id'])).filter((event) => event['type'] === 'input_received')).toEqual([]);
      expect(await texts(thread)).not.toContain('Not an email, again?');

      // The mention was customer activity: the question waits until the window it reopened closes.
      advance('23h');
      expect(await onlySession(asking)).toMatchObject({ status: 'waiting_input' });
      await inbound('seam_q1', { text: 'q1@example.com' });
      expect(await onlySession(asking)).toMatchObject({ status: 'completed' });
      expect(await texts(thread)).toContain('got q1@example.com');
    });

    it('L11: a newer question in the same thread supersedes the older one, which ends cancelled/superseded; a flow that asks nothing leaves it waiting', async () => {
      const older = await publish(askEmail({ source: 'dm', keywords: ['zzpseam'], match_type: 'exact' }));
      const menu = await publish(oneMessage({ source: 'button_tap', payload: 'SEAM_HOURS', button_title: 'Hours' }, 'We open at 9.'));
      const newer = await publish({
        trigger: { source: 'ref_link', ref: 'seam-ref' },
        nodes: [trigger, { id: '2', type: 'collect_input', config: { question: 'Your name?', input_type: 'name', variable_name: 'who' } }, { id: '3', type: 'message', config: { text: 'Hi {who}' } }],
        edges: [
          { from: '1', to: '2' },
          { from: '2', to: '3' },
        ],
      });
      const thread = await inbound('seam_p1', { text: 'zzpseam' });
      // A menu tap whose flow only answers does not take the question away.
      expect((await call('POST', '/_sandbox/flow-runtime/postback', { conversation_id: thread, payload: 'SEAM_HOURS' })).status).toBe(200);
      expect(await onlySession(menu)).toMatchObject({ status: 'completed' });
      expect(await onlySession(older)).toMatchObject({ status: 'waiting_input' });

      const referred = await call('POST', '/_sandbox/flow-runtime/referral', { conversation_id: thread, ref: 'seam-ref' });
      expect(data(referred)).toMatchObject({ session: { status: 'waiting_input', current_node_id: '2' } });
      const superseded = await onlySession(older);
      expect(superseded).toMatchObject({ status: 'cancelled', end_reason: 'superseded', current_node_id: '2' });
      expect((await eventsOf(superseded['id'])).at(-1)).toMatchObject({ type: 'session_cancelled', end_reason: 'superseded' });

      await inbound('seam_p1', { text: 'Pat' });
      expect(await onlySession(newer)).toMatchObject({ status: 'completed' });
      expect((await texts(thread)).slice(-1)).toEqual(['Hi Pat']);
    });

    it('L11: a delayed session supersedes the waiting one only when it comes to ask', async () => {
      const asking = await publish(askEmail({ source: 'dm', keywords: ['zzdseam'], match_type: 'exact' }));
      const later = await publish({
        trigger: { source: 'ref_link', ref: 'seam-later' },
        nodes: [
          trigger,
          { id: '2', type: 'delay', config: { duration: 10, unit: 'minutes' } },
          { id: '3', type: 'collect_input', config: { question: 'Your city?', input_type: 'text', variable_name: 'city' } },
        ],
        edges: [
          { from: '1', to: '2' },
          { from: '2', to: '3' },
        ],
      });
      const thread = await inbound('seam_d1', { text: 'zzdseam' });
      expect((await call('POST', '/_sandbox/flow-runtime/referral', { conversation_id: thread, ref: 'seam-later' })).status).toBe(200);
      expect(await onlySession(later)).toMatchObject({ status: 'delayed' });
      expect(await onlySession(asking)).toMatchObject({ status: 'waiting_input' });
      advance('11m');
      expect(await onlySession(later)).toMatchObject({ status: 'waiting_input', current_node_id: '3' });
      expect(await onlySession(asking)).toMatchObject({ status: 'cancelled', end_reason: 'superseded' });
    });

    it('a deleted thread ends its waiting session at once (cancelled / conversation_deleted); the session and its events stay', async () => {
      const asking = await publish(askEmail({ source: 'dm', keywords: ['zzpgone'], match_type: 'exact' }));
      const elsewhere = await publish(askEmail({ source: 'dm', keywords: ['zzpstay'], match_type: 'exact' }));
      const thread = await inbound('seam_gone', { text: 'zzpgone' });
      const other = await inbound('seam_stay', { text: 'zzpstay' });
      const waiting = await onlySession(asking);
      expect(waiting).toMatchObject({ status: 'waiting_input' });

      expect((await call('DELETE', `/conversations/${thread}`)).status).toBe(200);
      const ended = data(await call('GET', `/flow-sessions/${waiting['id']}`));
      expect(ended).toMatchObject({ status: 'cancelled', end_reason: 'conversation_deleted' });
      const types = (await eventsOf(waiting['id'])).map((event) => event['type']);
      expect(types.at(-1)).toBe('session_cancelled');
      // Another customer's question in another thread is untouched.
      expect(await onlySession(elsewhere)).toMatchObject({ status: 'waiting_input' });
      expect((await call('GET', `/conversations/${other}`)).status).toBe(200);
    });

    it('L4: an ai_reply-first session entered after the window closed is expired at once, as a message-first one is', async () => {
      const aiFlow = await publish(aiFirst({ source: 'comment', mode: 'native', comment_keywords: ['seamai'], match_type: 'contains', post_id: null }));
      const messageFlow = await publish(oneMessage({ source: 'comment', mode: 'native', comment_keywords: ['seammsg'], match_type: 'contains', post_id: null }, 'Hello again'));
      // Both people wrote 25 h ago; their windows are closed when they comment.
      await inbound('seam_l4_ai', { text: 'hello' });
      await inbound('seam_l4_msg', { text: 'hello' });
      advance('25h');
      const comment = async (id: string, text: string, commentId: string) => {
        const response = await call('POST', '/_sandbox/comments', { platform: 'instagram', commenter: { id, username: id }, text, post_id: '17900000000007', comment_id: commentId });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      };
      await comment('seam_l4_ai', 'seamai please', 'c_seam_l4_ai');
      await comment('seam_l4_msg', 'seammsg please', 'c_seam_l4_msg');
      // A message-first session may send its comment's private reply past the window; an
      // ai_reply-first one waits for the customer's message, which a closed window cannot bring.
      expect(await onlySession(messageFlow)).toMatchObject({ status: 'completed' });
      const session = await onlySession(aiFlow);
      expect(session).toMatchObject({ status: 'expired', end_reason: 'window_closed' });
      expect((await eventsOf(session['id'])).at(-1)).toMatchObject({ type: 'session_expired', end_reason: 'window_closed' });
    });

    it('L12: a flow line on a disconnected channel (or one without messaging permission) is not sent; the session ends like POST /messages refuses', async () => {
      const flow = await publish(oneMessage({ source: 'dm', keywords: ['seamdc'], match_type: 'exact' }, 'Sent through a dead line?'));
      const first = await inbound('seam_dc1', { text: 'hello' });
      expect((await call('POST', '/_sandbox/channels/instagram', { connected: false })).status).toBe(200);
      const refused = await call('POST', '/messages', { idempotency_key: 'seam-dc', conversation_id: first, message_text: 'hi' });
      expect(refused.status).toBe(412);
      const before = await replies();
      await inbound('seam_dc1', { text: 'seamdc' });
      expect(await onlySession(flow)).toMatchObject({ status: 'cancelled', end_reason: 'not_provisioned' });
      expect(await texts(first)).not.toContain('Sent through a dead line?');
      expect(await replies()).toEqual(before);

      expect((await call('POST', '/_sandbox/channels/instagram', { connected: true, messaging_permitted: false })).status).toBe(200);
      const second = await inbound('seam_dc2', { text: 'seamdc' });
      const sessions = await sessionsOf(flow);
      expect(sessions.map((session) => session['end_reason']).sort()).toEqual(['forbidden', 'not_provisioned']);
      expect(await texts(second)).not.toContain('Sent through a dead line?');
    });

    it('L3: a ref link, a QR code, an ad or a menu tap on a thread quiet for 25 h opens the window: its flow greets and POST /messages may answer', async () => {
      const refFlow = await publish(oneMessage({ source: 'ref_link', ref: 'seam-spring' }, 'Welcome back (ref)'));
      const qrFlow = await publish(oneMessage({ source: 'qr_code', ref: 'seam-qr' }, 'Welcome back (qr)'));
      const menuFlow = await publish(oneMessage({ source: 'button_tap', payload: 'SEAM_TALK', button_title: 'Talk to us' }, 'Welcome back (menu)'));
      const adFlow = await publish(aiFirst({ source: 'ad_referral', ad_id: '4242' }));
      const threads: number[] = [];
      for (const user of ['seam_w1', 'seam_w2', 'seam_w3', 'seam_w4']) threads.push(await inbound(user, { text: 'hello' }));
      advance('25h');
      const stimuli: [string, Json][] = [
        ['/_sandbox/flow-runtime/referral', { conversation_id: threads[0], ref: 'seam-spring' }],
        ['/_sandbox/flow-runtime/referral', { conversation_id: threads[1], ref: 'seam-qr' }],
        ['/_sandbox/flow-runtime/postback', { conversation_id: threads[2], payload: 'SEAM_TALK' }],
        ['/_sandbox/flow-runtime/referral', { conversation_id: threads[3], ad_id: '4242' }],
      ];
      for (const [path, body] of stimuli) expect((await call('POST', path, body)).status).toBe(200);
      for (const flow of [refFlow, qrFlow, menuFlow]) expect(await onlySession(flow)).toMatchObject({ status: 'completed', end_reason: 'completed' });
      expect((await texts(threads[0]!)).at(-1)).toBe('Welcome back (ref)');
      expect((await texts(threads[1]!)).at(-1)).toBe('Welcome back (qr)');
      expect((await texts(threads[2]!)).at(-1)).toBe('Welcome back (menu)');
      // The ad's ai_reply waits, with a window that closes 24 h from the click.
      const ad = await onlySession(adFlow);
      expect(ad).toMatchObject({ status: 'waiting_input', current_node_id: '2' });
      expect(Date.parse(String(ad['window_expires_at'])) - Date.parse(api().sim.sandbox.clock.now())).toBe(24 * 3600_000);
      const answered = await call('POST', '/messages', { idempotency_key: 'seam-window', conversation_id: threads[0], message_text: 'Glad you are back' });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    });

    it('L3: a referral opens the window even when no flow runs (automation off on the channel)', async () => {
      const thread = await inbound('seam_w_off', { text: 'hello' });
      advance('25h');
      const closed = await call('POST', '/messages', { idempotency_key: 'seam-off-1', conversation_id: thread, message_text: 'Still there?' });
      expect(closed.status).toBe(422);
      expect((await call('PATCH', '/ai/channels/meta', { automation_enabled: false })).status).toBe(200);
      const referred = await call('POST', '/_sandbox/flow-runtime/referral', { conversation_id: thread, ref: 'seam-nothing' });
      expect(data(referred)).toEqual({ session: null });
      const answered = await call('POST', '/messages', { idempotency_key: 'seam-off-2', conversation_id: thread, message_text: 'Welcome back' });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    });

    it('L12: a comment flow’s private reply on a disconnected channel is not sent either', async () => {
      const flow = await publish(oneMessage({ source: 'comment', mode: 'native', comment_keywords: ['seamdead'], match_type: 'contains', post_id: null }, 'Private hello'));
      expect((await call('POST', '/_sandbox/channels/instagram', { connected: false })).status).toBe(200);
      const commented = await call('POST', '/_sandbox/comments', { platform: 'instagram', commenter: { id: 'seam_dead', username: 'seam_dead' }, text: 'seamdead', post_id: '17900000000009', comment_id: 'c_seam_dead' });
      expect(commented.status, JSON.stringify(commented.body)).toBe(200);
      expect(await onlySession(flow)).toMatchObject({ status: 'cancelled', end_reason: 'not_provisioned' });
    });

    it('L3: tapping a button of a comment’s private reply opens the window, so the flow’s next line goes out', async () => {
      const flow = await publish({
        trigger: { source: 'comment', mode: 'native', comment_keywords: ['seamtap'], match_type: 'contains', post_id: null },
        nodes: [
          trigger,
          { id: '2', type: 'message', config: { text: 'Want the price list?', buttons: [{ type: 'postback', title: 'Yes' }] } },
          { id: '3', type: 'message', config: { text: 'Here it is.' } },
        ],
        edges: [
          { from: '1', to: '2' },
          { from: '2', to: '3', from_port: 'output_1' },
        ],
      });
      const commented = await call('POST', '/_sandbox/comments', { platform: 'instagram', commenter: { id: 'seam_tap', username: 'seam_tap' }, text: 'seamtap', post_id: '17900000000008', comment_id: 'c_seam_tap' });
      expect(commented.status).toBe(200);
      const session = await onlySession(flow);
      expect(session).toMatchObject({ status: 'waiting_input', current_node_id: '2' });
      const tapped = await call('POST', `/_sandbox/flow-sessions/${session['id']}/tap`, { button: 1 });
      expect(tapped.status).toBe(200);
      expect(data(tapped)).toMatchObject({ status: 'completed', end_reason: 'completed' });
    });
  },
  { clock: { frozenAt: '2026-03-02T10:00:00+00:00' } },
);
