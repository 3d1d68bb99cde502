/**
 * The trigger sources that arrive other than as a typed DM (2.10 sources, docs/sandbox.md): a
 * story reply, a story mention and a shared post through `/_sandbox/inbound` (`event`), a native
 * comment flow and a live-video comment through `/_sandbox/comments`, and `first_message` with
 * `returning_after_days`. Each starts a session with its attribution. And the channel's
 * `automation_enabled` switch (2.18): off, no flow starts there, by any source. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const trigger = { id: '1', type: 'trigger', config: {} };
const reply = (source: Json) => ({
  trigger: source,
  nodes: [trigger, { id: '2', type: 'message', config: { text: 'Thanks for that!' } }],
  edges: [{ from: '1', to: '2' }],
});

describeRuntimes('flow trigger sources beyond typed DMs', (api) => {
  const key = () => api().keys.full!;
  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: Json) => api().call({ method, path, key: key(), ...(body ? { body } : {}) });
  const publish = async (definition: Json, channels: string[] = ['instagram']) => {
    const created = await call('POST', '/flows', { name: `Source ${Math.random().toString(36).slice(2, 8)}`, definition, channels });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = data(created)['id'] as number;
    expect((await call('POST', `/flows/${id}/publish`, {})).status).toBe(200);
    return id;
  };
  const inbound = async (body: Json) => {
    const response = await call('POST', '/_sandbox/inbound', { channel: 'instagram', ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return data(response) as { contact_id: number; conversation: { id: number }; message: Json };
  };
  const sessionsOf = async (flowId: number) => list(await api().call({ path: '/flow-sessions', key: key(), query: { flow_id: String(flowId) } }));
  const comment = async (body: Json) => {
    const response = await call('POST', '/_sandbox/comments', { platform: 'instagram', commenter: { id: 'commenter_9', username: 'nine' }, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return data(response);
  };
  const automation = async (enabled: boolean) => expect((await call('PATCH', '/ai/channels/meta', { automation_enabled: enabled })).status).toBe(200);

  it('a story reply starts a story_reply flow (keywords optional), attributed to the story', async () => {
    const flowId = await publish(reply({ source: 'story_reply', keywords: ['zebra'], match_type: 'contains' }));
    // A plain DM with the keyword is not a story reply.
    await inbound({ platform_user_id: 'story_1', text: 'zebra please' });
    expect(await sessionsOf(flowId)).toEqual([]);
    await inbound({ platform_user_id: 'story_1', text: 'zebra please', event: 'story_reply', post_id: '17900001' });
    expect((await sessionsOf(flowId))[0]).toMatchObject({ status: 'completed', attribution: { post_id: '17900001', comment_id: null, matched_keyword: 'zebra' } });
  });

  it('a story mention starts a story_mention flow once per person when once_per_person', async () => {
    const flowId = await publish(reply({ source: 'story_mention', once_per_person: true }));
    await inbound({ platform_user_id: 'mention_1', type: 'image', event: 'story_mention', post_id: '17900002' });
    await inbound({ platform_user_id: 'mention_1', type: 'image', event: 'story_mention', post_id: '17900003' });
    const sessions = await sessionsOf(flowId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ status: 'completed', attribution: { post_id: '17900002', comment_id: null, matched_keyword: null } });
  });

  /** A post appears on the account's Instagram (a share must be of one of them). */
  const post = async (id: string, mediaType = 'IMAGE') => {
    const response = await call('POST', '/_sandbox/recent-posts', { channel: 'instagram', id, media_type: mediaType });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return data(response);
  };
  const messagesOf = async (conversationId: number) => list(await api().call({ path: `/conversations/${conversationId}/messages`, key: key(), query: { limit: '100' } }));

  it('a shared post starts a shared_post flow for that post only', async () => {
    await post('17900004');
    await post('17900099');
    const flowId = await publish(reply({ source: 'shared_post', post_id: '17900004' }));
    await inbound({ platform_user_id: 'share_1', type: 'image', event: 'shared_post', post_id: '17900099' });
    expect(await sessionsOf(flowId)).toEqual([]);
    await inbound({ platform_user_id: 'share_1', type: 'image', event: 'shared_post', post_id: '17900004' });
    expect((await sessionsOf(flowId))[0]).toMatchObject({ status: 'completed', attribution: { post_id: '17900004', comment_id: null, matched_keyword: null } });
  });

  it('a shared post sent as docs/sandbox.md shows it (no text, no type) is an image or video message naming the post; the flow starts (L6, L1)', async () => {
    const shared = await post('17900010', 'REELS');
    const flowId = await publish(reply({ source: 'shared_post', post_id: null }));
    const arrived = await inbound({ platform_user_id: 'share_doc', event: 'shared_post', post_id: '17900010' });
    expect((await sessionsOf(flowId))[0]).toMatchObject({ attribution: { post_id: '17900010' } });
    const [message] = (await messagesOf(arrived.conversation.id)).filter((row) => row['sender_type'] === 'user');
    // 2.6: text is null only for a purged body; the attachment says what was shared.
    expect(message).toMatchObject({ type: 'video', text: '', body_purged: false, attachments: [{ type: 'video', url: shared['permalink'], name: 'shared_post' }] });
    const events = list(await api().call({ path: '/_sandbox/events', key: key(), query: { type: 'message.received' } }));
    const received = events.map((event) => (event['data'] ?? event['payload']) as Json).find((payload) => (payload['message'] as Json | undefined)?.['id'] === message!['id']);
    expect(received?.['message']).toEqual(message);
  });

  it('a story mention without words is an image message whose attachment names the story, text "" (L1)', async () => {
    await publish(reply({ source: 'story_mention', once_per_person: false }));
    const arrived = await inbound({ platform_user_id: 'mention_doc', ig_username: 'ann.shop', event: 'story_mention', post_id: '17955' });
    const [message] = (await messagesOf(arrived.conversation.id)).filter((row) => row['sender_type'] === 'user');
    expect(message).toMatchObject({
      type: 'image',
      text: '',
      body_purged: false,
      attachments: [{ type: 'image', url: 'https://www.instagram.example.test/stories/ann.shop/17955', name: 'story_mention' }],
    });
    // Words sent with a mention are kept; a video story is a video message.
    const worded = await inbound({ platform_user_id: 'mention_doc', type: 'video', text: 'look!', event: 'story_mention', post_id: '17956' });
    expect(worded.message).toMatchObject({ type: 'video', text: 'look!', attachments: [{ type: 'video', name: 'story_mention' }] });
  });

  it('a story mention without post_id names the sender’s stories (no trailing "/"); without ig_username, the sender’s id under by-id/ (audit 8, N7)', async () => {
    const byHandle = await inbound({ platform_user_id: 'mention_n7', ig_username: '@ann.shop', event: 'story_mention', text: 'What are your opening hours?' });
    expect(byHandle.message).toMatchObject({ attachments: [{ type: 'image', url: 'https://www.instagram.example.test/stories/ann.shop', name: 'story_mention' }] });
    const byId = await inbound({ platform_user_id: 'ig_s1', event: 'story_mention', text: 'What are your opening hours?' });
    expect(byId.message).toMatchObject({ attachments: [{ type: 'image', url: 'https://www.instagram.example.test/stories/by-id/ig_s1', name: 'story_mention' }] });
    const byIdWithStory = await inbound({ platform_user_id: 'ig_s1', event: 'story_mention', post_id: '17957' });
    expect(byIdWithStory.message).toMatchObject({ attachments: [{ url: 'https://www.instagram.example.test/stories/by-id/ig_s1/17957' }] });
  });

  it('refuses a shared post of no post of the account, one with no post_id, and a text-typed mention or share, naming the param; nothing is created (L6)', async () => {
    const flowId = await publish(reply({ source: 'shared_post', post_id: null }));
    const refused = async (body: Json, param: string) => {
      const response = await call('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: 'share_bad', ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect((response.body as { error: { code: string; param: string } }).error).toMatchObject({ code: 'invalid_param', param });
    };
    await refused({ event: 'shared_post', post_id: '999' }, 'post_id');
    await refused({ event: 'shared_post' }, 'post_id');
    await refused({ event: 'shared_post', post_id: '999', type: 'text', text: 'hi' }, 'type');
    await refused({ event: 'story_mention', type: 'text', text: 'hi' }, 'type');
    // A plain message still needs its text.
    await refused({}, 'text');
    expect(await sessionsOf(flowId)).toEqual([]);
    const contacts = list(await api().call({ path: '/contacts', key: key(), query: { limit: '100' } }));
    expect(contacts.some((contact) => JSON.stringify(contact).includes('share_bad'))).toBe(false);
  });

  it('refuses story events off Instagram and a post_id on a plain message, naming the param', async () => {
    const off = await call('POST', '/_sandbox/inbound', { channel: 'whatsapp', platform_user_id: '447700900555', text: 'hi', event: 'story_reply' });
    expect(off.status).toBe(400);
    expect((off.body as { error: { param: string } }).error.param).toBe('event');
    const stray = await call('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: 'x_1', text: 'hi', post_id: '1' });
    expect(stray.status).toBe(400);
    expect((stray.body as { error: { param: string } }).error.param).toBe('post_id');
  });

  it('a native comment flow starts on a matching comment; its first message is the private reply', async () => {
    const flowId = await publish(reply({ source: 'comment', mode: 'native', comment_keywords: ['zebracode'], match_type: 'contains', post_id: null }));
    const arrived = await comment({ text: 'zebracode please', post_id: '17900005', comment_id: 'c_native_1' });
    expect(arrived).toMatchObject({ outcome: 'native_flow', native_flow_id: flowId });
    const [session] = await sessionsOf(flowId);
    expect(session).toMatchObject({ status: 'completed', attribution: { post_id: '17900005', comment_id: 'c_native_1', matched_keyword: 'zebracode' } });
    const conversations = list(await api().call({ path: '/conversations', key: key(), query: { channel: 'instagram', limit: '100' } }));
    const thread = conversations.find((row) => row['contact_id'] === session!['contact_id'])!;
    const messages = list(await api().call({ path: `/conversations/${thread['id']}/messages`, key: key() }));
    expect(messages.map((message) => message['text'])).toContain('Thanks for that!');
  });

  it('a live-video comment starts a live_comment flow; the same words on a post do not', async () => {
    const flowId = await publish(reply({ source: 'live_comment', keywords: ['joinlive'], match_type: 'contains' }));
    await comment({ text: 'joinlive now', comment_id: 'c_post_1' });
    expect(await sessionsOf(flowId)).toEqual([]);
    const arrived = await comment({ text: 'joinlive now', source_type: 'live', comment_id: 'c_live_1' });
    expect(arrived).toMatchObject({ outcome: 'native_flow', native_flow_id: flowId });
    expect((await sessionsOf(flowId))[0]).toMatchObject({ status: 'completed', attribution: { post_id: null, comment_id: 'c_live_1', matched_keyword: 'joinlive' } });
  });

  it('first_message with returning_after_days starts again after that many silent days', async () => {
    const flowId = await publish(reply({ source: 'first_message', returning_after_days: 3 }));
    await inbound({ platform_user_id: 'return_1', text: 'hello' });
    expect(await sessionsOf(flowId)).toHaveLength(1);
    api().sim.sandbox.clock.advance('2d');
    await inbound({ platform_user_id: 'return_1', text: 'hello again' });
    expect(await sessionsOf(flowId)).toHaveLength(1);
    api().sim.sandbox.clock.advance('3d');
    await inbound({ platform_user_id: 'return_1', text: 'back after a while' });
    expect(await sessionsOf(flowId)).toHaveLength(2);
  });

  it('automation_enabled off: no flow starts on that channel by any source; comment simulate says automation_off; on again, they start', async () => {
    const dmFlow = await publish(reply({ source: 'dm', keywords: ['quagga'], match_type: 'contains' }), ['instagram', 'whatsapp']);
    const storyFlow = await publish(reply({ source: 'story_reply' }));
    const liveFlow = await publish(reply({ source: 'live_comment', keywords: ['quaggalive'], match_type: 'contains' }));
    await automation(false);
    await inbound({ platform_user_id: 'off_1', text: 'quagga' });
    await inbound({ platform_user_id: 'off_1', text: 'nice story', event: 'story_reply' });
    expect(await comment({ text: 'quaggalive', source_type: 'live' })).toMatchObject({ outcome: 'automation_off', native_flow_id: null });
    const simulated = await api().call({ path: '/comment-triggers/simulate', key: key(), query: { platform: 'instagram', text: 'quaggalive', source_type: 'live' } });
    expect(simulated.status).toBe(200);
    expect(data(simulated)).toMatchObject({ outcome: 'automation_off', automation_enabled: false });
    for (const flowId of [dmFlow, storyFlow, liveFlow]) expect(await sessionsOf(flowId)).toEqual([]);
    // Another channel's switch is its own: WhatsApp still runs.
    await inbound({ channel: 'whatsapp', platform_user_id: '447700900556', text: 'quagga' });
    expect(await sessionsOf(dmFlow)).toHaveLength(1);
    await automation(true);
    await inbound({ platform_user_id: 'off_1', text: 'quagga' });
    expect((await sessionsOf(dmFlow)).map((session) => session['channel'])).toEqual(['instagram', 'whatsapp']);
  });
});
