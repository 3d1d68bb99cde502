/**
 * POST /messages `comment_id` (4.4): a private reply rests on a real comment the account received
 * from the person the send goes to (docs/decisions.md, "Private replies rest on a real comment").
 * Unknown, another person's, another platform's and another account's comment ids are 400
 * `invalid_request` naming `comment_id`, with nothing created; a real one opens the thread and
 * skips the window; Meta gives a comment one private reply, within 7 days (422 after), and a
 * trigger's DM, a DM on hide or a comment-started flow's first message is that reply.
 * Audit 5, J5. Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from '../../../test/support/runtimes.js';
import { dmTrigger } from '../../../test/support/comment-triggers.js';

type Body = Record<string, unknown>;
interface ErrorEnvelope {
  error: { code: string; message: string; param?: string };
}

let keySeq = 0;

describeRuntimes('POST /messages private replies rest on a real comment', (api) => {
  const full = (account = 0) => api().accounts[account]!.keys.full!;
  const accountId = (account = 0) => api().accounts[account]!.id;
  const send = (body: Body, account = 0) =>
    api().call({ method: 'POST', path: '/messages', key: full(account), body: { idempotency_key: `pr-${++keySeq}`, ...body } });
  /** A comment arrives (sandbox) from this commenter; answers its id. Texts match no seeded trigger. */
  const comment = async (platform: 'instagram' | 'facebook', commenterId: string, extra: Body = {}, account = 0): Promise<string> => {
    const res = await api().call({
      method: 'POST',
      path: '/_sandbox/comments',
      key: full(account),
      body: { platform, text: 'qzv remark', commenter: { id: commenterId }, ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: { comment_id: string } }).data.comment_id;
  };
  /** The conversation ids on a channel: what a refused send must leave unchanged. */
  const threads = async (channel: string): Promise<number[]> => {
    const res = await api().call({ path: '/conversations', key: full(), query: { channel, limit: '100' } });
    expect(res.status).toBe(200);
    return (res.body as { data: { id: number }[] }).data.map((row) => row.id).sort((a, b) => a - b);
  };
  const refusedComment = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const { error } = res.body as ErrorEnvelope;
    expect(error).toMatchObject({ code: 'invalid_request', param: 'comment_id' });
    return error.message;
  };
  const sendCount = () => api().sim.sandbox.sends(accountId()).length;
  /** The outbound texts of a thread, newest first. */
  const outboundTexts = async (conversationId: number): Promise<string[]> => {
    const res = await api().call({ path: `/conversations/${conversationId}/messages`, key: full(), query: { limit: '100' } });
    return (res.body as { data: { direction: string; text: string | null }[] }).data.filter((m) => m.direction === 'outbound').map((m) => m.text ?? '');
  };
  const customerWrites = (channel: 'instagram' | 'facebook', platformUserId: string): number => {
    const result = api().sim.sandbox.inbound(accountId(), { channel, platform_user_id: platformUserId, text: 'hello there' });
    if (!result.delivered) throw new Error('inbound was dropped');
    return result.conversation.id;
  };

  it('an unknown comment_id is 400 naming comment_id, and opens no thread with someone who never wrote', async () => {
    const before = await threads('facebook');
    const sends = sendCount();
    refusedComment(await send({ platform: 'facebook', platform_user_id: 'fb_never_wrote', comment_id: 'zzz', message_text: 'cold hello' }));
    expect(await threads('facebook')).toEqual(before);
    expect(sendCount()).toBe(sends);
    // Without comment_id the write-first rule answers, as before.
    expect((await send({ platform: 'facebook', platform_user_id: 'fb_never_wrote', message_text: 'cold hello' })).status).toBe(404);
  });

  it('another person’s comment is 400 naming comment_id, by platform_user_id and by conversation_id', async () => {
    const someoneElses = await comment('instagram', 'ig_commenter_a');
    const before = await threads('instagram');
    refusedComment(await send({ platform: 'instagram', platform_user_id: 'ig_999', comment_id: someoneElses, message_text: 'Private hi' }));
    expect(await threads('instagram')).toEqual(before);
    const other = customerWrites('instagram', 'ig_writer_b');
    refusedComment(await send({ conversation_id: other, comment_id: someoneElses, message_text: 'Private hi' }));
    expect(await outboundTexts(other)).toEqual([]);
  });

  it('a seeded comment counts as real, for its own commenter only', async () => {
    const res = await api().call({ path: '/comments', key: full(), query: { status: 'pending', channel: 'instagram', limit: '100' } });
    const seeded = (res.body as { data: { comment: { id: string; commenter_id: string } }[] }).data.find((row) => row.comment.commenter_id === 'ig_506');
    expect(seeded, 'the default seed has a pending comment by ig_506').toBeDefined();
    refusedComment(await send({ platform: 'instagram', platform_user_id: 'ig_999', comment_id: seeded!.comment.id, message_text: 'Private hi' }));
    const ok = await send({ platform: 'instagram', platform_user_id: 'ig_506', comment_id: seeded!.comment.id, message_text: 'Sorry about that!' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a blocked person’s comment is dropped on arrival, so it is no comment to reply to', async () => {
    const id = customerWrites('instagram', 'ig_blocked_k');
    expect((await api().call({ method: 'POST', path: '/blocked-users', key: full(), body: { conversation_id: id } })).status).toBe(201);
    const res = await api().call({ method: 'POST', path: '/_sandbox/comments', key: full(), body: { platform: 'instagram', text: 'qzv remark', commenter: { id: 'ig_blocked_k' } } });
    const dropped = (res.body as { data: { comment_id: string; delivered: boolean } }).data;
    expect(dropped.delivered).toBe(false);
    refusedComment(await send({ conversation_id: id, comment_id: dropped.comment_id, message_text: 'x' }));
  });

  it('a comment on another platform than the send’s is 400 naming comment_id', async () => {
    const onFacebook = await comment('facebook', 'same_id_7');
    refusedComment(await send({ platform: 'instagram', platform_user_id: 'same_id_7', comment_id: onFacebook, message_text: 'x' }));
    expect((await send({ platform: 'facebook', platform_user_id: 'same_id_7', comment_id: onFacebook, message_text: 'x' })).status).toBe(200);
  });

  it('another account’s comment reads exactly as an unknown id (no leak)', async () => {
    const theirs = await comment('instagram', 'ig_shared_z', { comment_id: 'acct2_c1' }, 1);
    const foreign = refusedComment(await send({ platform: 'instagram', platform_user_id: 'ig_shared_z', comment_id: theirs, message_text: 'x' }));
    const unknown = refusedComment(await send({ platform: 'instagram', platform_user_id: 'ig_shared_z', comment_id: 'acct2_c2', message_text: 'x' }));
    expect(foreign.replace('acct2_c1', 'ID')).toBe(unknown.replace('acct2_c2', 'ID'));
    // The owner can reply to it.
    expect((await send({ platform: 'instagram', platform_user_id: 'ig_shared_z', comment_id: theirs, message_text: 'x' }, 1)).status).toBe(200);
  });

  it('a real comment opens the commenter’s thread and goes past a closed window; a made-up one does not', async () => {
    const cold = await comment('facebook', 'fb_commenter_c', { comment_id: 'fb_c_1' });
    const res = await send({ platform: 'facebook', platform_user_id: 'fb_commenter_c', comment_id: cold, message_text: 'Thanks for commenting!' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const thread = (res.body as { data: { conversation_id: number } }).data.conversation_id;
    expect(await outboundTexts(thread)).toEqual(['Thanks for commenting!']);

    const id = customerWrites('instagram', 'ig_window_w');
    const real = await comment('instagram', 'ig_window_w');
    api().sim.sandbox.clock.advance('48h');
    expect((await send({ conversation_id: id, message_text: 'late' })).status).toBe(422);
    refusedComment(await send({ conversation_id: id, comment_id: 'made_up_1', message_text: 'via fake comment' }));
    refusedComment(await send({ platform: 'instagram', platform_user_id: 'ig_window_w', comment_id: 'made_up_2', message_text: 'via fake comment 2' }));
    expect(await outboundTexts(id)).toEqual([]);
    expect((await send({ conversation_id: id, comment_id: real, message_text: 'private reply' })).status).toBe(200);
    expect(await outboundTexts(id)).toEqual(['private reply']);
  });

  it('one private reply per comment: a second is 422 unprocessable_send; a replay of the first is not a second', async () => {
    const id = customerWrites('instagram', 'ig_twice_t');
    const first = await comment('instagram', 'ig_twice_t');
    const body = { idempotency_key: 'once-only', conversation_id: id, comment_id: first, message_text: 'one' };
    expect((await api().call({ method: 'POST', path: '/messages', key: full(), body })).status).toBe(200);
    const replay = await api().call({ method: 'POST', path: '/messages', key: full(), body });
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const second = await send({ conversation_id: id, comment_id: first, message_text: 'two' });
    expect([second.status, (second.body as ErrorEnvelope).error.code]).toEqual([422, 'unprocessable_send']);
    // The window is open: a plain message still goes, and a new comment takes its own reply.
    expect((await send({ conversation_id: id, message_text: 'plain' })).status).toBe(200);
    expect((await send({ conversation_id: id, comment_id: await comment('instagram', 'ig_twice_t'), message_text: 'three' })).status).toBe(200);
    expect(await outboundTexts(id)).toEqual(['three', 'plain', 'one']); // newest first
  });

  it('a comment whose trigger already sent the DM has had its private reply', async () => {
    const created = await api().call({ method: 'POST', path: '/comment-triggers', key: full(), body: dmTrigger({ keywords: ['qzvlink'] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fired = await comment('instagram', 'ig_dm_d', { text: 'qzvlink please' });
    const res = await send({ platform: 'instagram', platform_user_id: 'ig_dm_d', comment_id: fired, message_text: 'another' });
    expect([res.status, (res.body as ErrorEnvelope).error.code]).toEqual([422, 'unprocessable_send']);
  });

  it('a comment the AI comment manager hid and DMed has had its private reply (live and seeded)', async () => {
    const arrival = await api().call({
      method: 'POST',
      path: '/_sandbox/comments',
      key: full(),
      body: { platform: 'instagram', text: 'Cheaper at https://rival.example.test', commenter: { id: 'ig_hide_h', username: 'hide.h' } },
    });
    const arrived = (arrival.body as { data: { comment_id: string; handled_comment: { id: number; status: string } | null } }).data;
    expect(arrived.handled_comment?.status, 'the default seed hides links and DMs on hide').toBe('moderated');
    const handled = await api().call({ path: `/comments/${arrived.handled_comment!.id}`, key: full() });
    expect((handled.body as { data: { moderation: { dm_status: string } } }).data.moderation.dm_status).toBe('sent');
    const res = await send({ platform: 'instagram', platform_user_id: 'ig_hide_h', comment_id: arrived.comment_id, message_text: 'another' });
    expect([res.status, (res.body as ErrorEnvelope).error.code]).toEqual([422, 'unprocessable_send']);

    const list = await api().call({ path: '/comments', key: full(), query: { status: 'moderated', limit: '100' } });
    const seeded = (list.body as { data: { comment: { id: string; commenter_id: string }; moderation: { dm_status: string | null } }[] }).data.find(
      (row) => row.comment.commenter_id === 'ig_504',
    );
    expect(seeded?.moderation.dm_status, 'the default seed DMed ig_504 when hiding the comment').toBe('sent');
    const again = await send({ platform: 'instagram', platform_user_id: 'ig_504', comment_id: seeded!.comment.id, message_text: 'another' });
    expect([again.status, (again.body as ErrorEnvelope).error.code]).toEqual([422, 'unprocessable_send']);
  });

  it('a comment whose flow already sent its first message has had its private reply', async () => {
    const definition = {
      trigger: { source: 'comment', mode: 'native', comment_keywords: ['qzvflow'], match_type: 'contains', post_id: null },
      nodes: [
        { id: '1', type: 'trigger', config: {} },
        { id: '2', type: 'message', config: { text: 'Thanks from the flow!' } },
      ],
      edges: [{ from: '1', to: '2' }],
    };
    const created = await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: 'qzv native', definition, channels: ['instagram'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const flowId = (created.body as { data: { id: number } }).data.id;
    expect((await api().call({ method: 'POST', path: `/flows/${flowId}/publish`, key: full(), body: {} })).status).toBe(200);
    const started = await comment('instagram', 'ig_flow_f', { text: 'qzvflow please' });
    const res = await send({ platform: 'instagram', platform_user_id: 'ig_flow_f', comment_id: started, message_text: 'another' });
    expect([res.status, (res.body as ErrorEnvelope).error.code]).toEqual([422, 'unprocessable_send']);
  });

  it('a comment more than 7 days old takes no private reply (422 unprocessable_send)', async () => {
    const old = await comment('instagram', 'ig_old_o');
    const fresh = await comment('instagram', 'ig_old_o');
    api().sim.sandbox.clock.advance('6d23h');
    expect((await send({ platform: 'instagram', platform_user_id: 'ig_old_o', comment_id: fresh, message_text: 'in time' })).status).toBe(200);
    api().sim.sandbox.clock.advance('1h');
    const late = await send({ platform: 'instagram', platform_user_id: 'ig_old_o', comment_id: old, message_text: 'too late' });
    expect([late.status, (late.body as ErrorEnvelope).error.code]).toEqual([422, 'unprocessable_send']);
  });
});
