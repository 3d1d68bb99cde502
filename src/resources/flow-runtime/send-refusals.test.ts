/**
 * A flow's automation reply meets the rules POST /messages applies (sending/recipient-rules.ts,
 * shared with the booking DMs since audit 5, J2): an opt-out that stops a message send (Meta
 * `all` or `broadcast`) ends the session `cancelled` / `opted_out`, a block ends it `cancelled` /
 * `blocked`, and neither leaves a line; an opt-out of comment DMs only does not stop it.
 * docs/decisions.md "Session states" and "Booking DMs follow the send rules". Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

describeRuntimes('flow replies follow the send rules', (api) => {
  const key = () => api().keys.full!;
  const post = (path: string, body: Json) => api().call({ method: 'POST', path, key: key(), body });
  const get = (path: string, query: Record<string, string> = {}) => api().call({ path, key: key(), query });

  /** A published flow that waits 10 minutes after its keyword, then sends one message. */
  async function delayedReply(keyword: string): Promise<number> {
    const created = await post('/flows', {
      name: `Later ${keyword}`,
      channels: ['instagram'],
      definition: {
        trigger: { source: 'dm', keywords: [keyword], match_type: 'exact' },
        nodes: [
          { id: '1', type: 'trigger', config: {} },
          { id: '2', type: 'delay', config: { duration: 10, unit: 'minutes' } },
          { id: '3', type: 'message', config: { text: 'Later!' } },
        ],
        edges: [
          { from: '1', to: '2' },
          { from: '2', to: '3' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = data(created)['id'] as number;
    expect((await post(`/flows/${id}/publish`, {})).status).toBe(200);
    return id;
  }

  /** The person writes the keyword, `between` runs while the session waits, then the delay ends. */
  async function runWith(keyword: string, user: string, between: (conversationId: number) => Promise<void>) {
    const flowId = await delayedReply(keyword);
    const inbound = await post('/_sandbox/inbound', { channel: 'instagram', platform_user_id: user, text: keyword });
    expect(inbound.status).toBe(200);
    const conversationId = (data(inbound) as { conversation: { id: number } }).conversation.id;
    const [session] = list(await get('/flow-sessions', { flow_id: String(flowId) }));
    expect(session).toMatchObject({ status: 'delayed' });
    await between(conversationId);
    api().sim.sandbox.clock.advance('11m');
    const texts = list(await get(`/conversations/${conversationId}/messages`)).map((line) => line['text']);
    return { session: data(await get(`/flow-sessions/${session!['id']}`)), texts };
  }

  const optOut = (user: string, scope: string) => async () => {
    expect((await post('/_sandbox/opt-outs', { channel: 'instagram', platform_user_id: user, scope })).status).toBe(200);
  };

  it('a Meta opt-out of scope all, or broadcast, cancels the session opted_out with no line', async () => {
    for (const [scope, user] of [['all', 'sr_all'], ['broadcast', 'sr_broadcast']] as const) {
      const { session, texts } = await runWith(`otter${scope}`, user, optOut(user, scope));
      expect(session, scope).toMatchObject({ status: 'cancelled', end_reason: 'opted_out' });
      expect(texts, scope).not.toContain('Later!');
    }
  });

  it('a block cancels the session blocked with no line', async () => {
    const { session, texts } = await runWith('otterblock', 'sr_blocked', async (conversationId) => {
      expect((await post('/blocked-users', { conversation_id: conversationId })).status).toBe(201);
    });
    expect(session).toMatchObject({ status: 'cancelled', end_reason: 'blocked' });
    expect(texts).not.toContain('Later!');
  });

  it('an opt-out of comment DMs only does not stop a flow reply', async () => {
    const { session, texts } = await runWith('ottercomment', 'sr_comment', optOut('sr_comment', 'comment_dm'));
    expect(session).toMatchObject({ status: 'completed' });
    expect(texts[0]).toBe('Later!');
  });
});
