/**
 * Handled comments (2.24, 3.6, 4.14): comments no trigger answers become handled comments when
 * comment_ai is on (auto → sent, approval → pending, moderation → moderated, caps → skipped);
 * the queue, approve (edited, 409 not_pending, 422 send_failed → failed), reject, bulk (100 ids,
 * repeats, skips), comment.handled on every change, 30-day retention, 403 below Pro. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, list, type Json } from '../../../test/support/flow-graphs.js';
import { dmTrigger, seedWithoutCommentAutomation } from '../../../test/support/comment-triggers.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

describeRuntimes('handled comments', (api) => {
  const full = () => api().keys.full!;
  const account = () => api().accounts[0]!.id;
  const configure = async (commentAi: Json) => {
    const res = await api().call({ method: 'PATCH', path: '/ai/config', key: api().keys.admin!, body: { comment_ai: commentAi } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const noModeration = { spam: false, profanity: false, negativity: false, competitor_links: false, self_promotion: false };
  let person = 0;
  const arrive = (text: string, extra: Json = {}) => {
    person += 1;
    return api().sim.sandbox.comment(account(), { platform: 'instagram', post_id: 'p1', text, commenter: { id: `c${person}`, username: `fan${person}` }, ...extra });
  };
  const comments = async (query: Record<string, string> = {}) => list(await api().call({ path: '/comments', key: full(), query }));
  const handledEvents = () => api().sim.sandbox.events(account(), { type: 'comment.handled' }).map((e) => e.data as { comment: Json; previous_status: string | null });
  const approve = (id: unknown, body: Json = {}) => api().call({ method: 'POST', path: `/comments/${id}/approve`, key: full(), body });

  it('approval mode: a comment no trigger answers is queued as pending with a draft, sentiment and flags', async () => {
    await configure({ enabled: true, mode: 'approval', reply_length: 'short', moderation: noModeration, exclude_rules: [] });
    const result = arrive('I love this, great work!');
    expect(result).toMatchObject({ outcome: 'no_match', handled_comment: { status: 'pending' } });
    const id = result.handled_comment!.id;
    const shown = data(await api().call({ path: `/comments/${id}`, key: full() }));
    expect(shown).toMatchObject({
      id,
      status: 'pending',
      channel: 'instagram',
      post_id: 'p1',
      comment: { text: 'I love this, great work!', commenter_username: `fan${person}` },
      sentiment: { label: 'positive', score: 1 },
      moderation: { action: 'none', flags: [], dm_status: null, dm_text: null },
      reply: { draft: `Thank you so much, @fan${person}!`, sent_text: null, edited: false, sent_at: null, meta_reply_id: null },
      reviewed_by: null,
      reviewed_at: null,
    });
    expect(handledEvents()).toEqual([{ comment: expect.objectContaining({ id, status: 'pending' }), previous_status: null }]);
    expect((await comments({ status: 'pending' })).map((c) => c['id'])).toEqual([id]);
  });

  it('approve and reject take no body at all (4: only routes that say so refuse a bodiless POST)', async () => {
    await configure({ enabled: true, mode: 'approval', reply_length: 'short', moderation: noModeration, exclude_rules: [] });
    const first = arrive('Lovely colours!').handled_comment!.id;
    const second = arrive('Nice one').handled_comment!.id;
    const approved = await api().call({ method: 'POST', path: `/comments/${first}/approve`, key: full() });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(data(approved)).toMatchObject({ id: first, status: 'sent', reply: { edited: false, sent_text: expect.any(String) } });
    const rejected = await api().call({ method: 'POST', path: `/comments/${second}/reject`, key: full() });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(data(rejected)).toMatchObject({ id: second, status: 'rejected', reply: { sent_text: null } });
    // The same bodiless call on a comment no longer pending is the state machine's 409, not a body error.
    const again = await api().call({ method: 'POST', path: `/comments/${second}/reject`, key: full() });
    expect([again.status, errorOf(again).code]).toEqual([409, 'not_pending']);
  });

  it('a comment that fires a trigger is the trigger’s alone; excluded comments are not handled', async () => {
    await configure({ enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [{ type: 'keyword', value: 'giveaway' }, { type: 'post_id', value: 'p_skip' }] });
    await api().call({ method: 'POST', path: '/comment-triggers', key: full(), body: dmTrigger() });
    expect(arrive('link please')).toMatchObject({ outcome: 'trigger_fired', handled_comment: null });
    expect(arrive('Is the giveaway open?')).toMatchObject({ handled_comment: null });
    expect(arrive('hello', { post_id: 'p_skip' })).toMatchObject({ handled_comment: null });
    expect(await comments()).toEqual([]);
  });

  it('auto mode sends at once; moderation hides (with the DM on hide); caps skip', async () => {
    await configure({ enabled: true, mode: 'auto', reply_length: 'medium', moderation: { ...noModeration, competitor_links: true }, dm_on_hide: true, dm_message: 'Hi {name}, we hid your link.', exclude_rules: [] });
    const sent = arrive('nice shoes');
    expect(sent.handled_comment).toMatchObject({ status: 'sent' });
    const shown = data(await api().call({ path: `/comments/${sent.handled_comment!.id}`, key: full() }));
    expect(shown).toMatchObject({ status: 'sent', reply: { sent_text: `Thank you so much, @fan${person}! We read every comment and love hearing from you.`, edited: false, meta_reply_id: expect.any(String) } });
    expect(handledEvents().map((e) => [e.previous_status, e.comment['status']])).toEqual([
      [null, 'pending'],
      ['pending', 'sent'],
    ]);
    const hidden = arrive('cheaper at https://rival.example.test, also damn');
    const moderated = data(await api().call({ path: `/comments/${hidden.handled_comment!.id}`, key: full() }));
    expect(moderated).toMatchObject({ status: 'moderated', moderation: { action: 'hidden', flags: ['profanity', 'competitor_links'], dm_status: 'sent', dm_text: `Hi fan${person}, we hid your link.` }, reply: { draft: null } });
    const flaggedOnly = arrive('damn that is cool');
    expect(flaggedOnly.handled_comment).toMatchObject({ status: 'sent' });
  });

  it('dm_on_hide: the DM is a real message in the commenter’s conversation; a comment_dm opt-out stops it; a blocked commenter gets nothing', async () => {
    await configure({ enabled: true, mode: 'auto', moderation: { ...noModeration, profanity: true }, dm_on_hide: true, dm_message: 'Hi {name}, we hid your comment.', exclude_rules: [] });
    const key = api().keys.read!;
    const hidden = api().sim.sandbox.comment(account(), { platform: 'instagram', post_id: 'p1', text: 'damn this', commenter: { id: 'ig_hide_1', username: 'hider' } });
    expect(hidden.handled_comment).toMatchObject({ status: 'moderated' });
    const threads = list(await api().call({ path: '/conversations', key, query: { platform: 'instagram', limit: 100 } })).filter((c) => c['platform_user_id'] === 'ig_hide_1');
    expect(threads).toHaveLength(1);
    const messages = list(await api().call({ path: `/conversations/${threads[0]!['id']}/messages`, key }));
    expect(messages.map((m) => [m['sender_type'], m['text']])).toEqual([['bot', 'Hi hider, we hid your comment.']]);
    expect(data(await api().call({ path: `/comments/${hidden.handled_comment!.id}`, key: full() }))).toMatchObject({ moderation: { dm_status: 'sent', dm_text: 'Hi hider, we hid your comment.' } });
    // The commenter is a contact now, reached through the comment.
    const contacts = list(await api().call({ path: '/contacts', key, query: { limit: 100 } })).filter((c) => c['platform_user_id'] === 'ig_hide_1');
    expect(contacts).toHaveLength(1);

    // An opt-out of comment DMs: the comment is still hidden, no DM, no transcript.
    api().sim.sandbox.optOut(account(), { channel: 'instagram', platform_user_id: 'ig_hide_out', scope: 'comment_dm' });
    const out = api().sim.sandbox.comment(account(), { platform: 'instagram', post_id: 'p1', text: 'damn again', commenter: { id: 'ig_hide_out', username: 'quiet' } });
    expect(data(await api().call({ path: `/comments/${out.handled_comment!.id}`, key: full() }))).toMatchObject({ status: 'moderated', moderation: { action: 'hidden', dm_status: 'not_sent', dm_text: null } });
    const outThreads = list(await api().call({ path: '/conversations', key, query: { platform: 'instagram', limit: 100 } })).filter((c) => c['platform_user_id'] === 'ig_hide_out');
    for (const thread of outThreads) expect(list(await api().call({ path: `/conversations/${thread['id']}/messages`, key }))).toEqual([]);

    // A blocked commenter: the platform drops the comment, so nothing is handled and nothing sent.
    const blocked = await api().call({ method: 'POST', path: '/blocked-users', key: full(), body: { ig_username: 'blockedfan' } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);
    const dropped = api().sim.sandbox.comment(account(), { platform: 'instagram', post_id: 'p1', text: 'damn you', commenter: { id: 'ig_blocked_1', username: 'blockedfan' } });
    expect(dropped).toMatchObject({ delivered: false, handled_comment: null });
  });

  it('the plan daily cap gives skipped', async () => {
    const pro = api().accounts[1]!;
    await api().call({ method: 'PATCH', path: '/ai/config', key: pro.keys.admin!, body: { comment_ai: { enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] } } });
    const statuses: string[] = [];
    for (let i = 0; i < 101; i++) statuses.push(api().sim.sandbox.comment(pro.id, { platform: 'facebook', text: `hello ${i}`, commenter: { id: `u${i}` } }).handled_comment!.status);
    expect(statuses.slice(0, 100).every((status) => status === 'pending')).toBe(true);
    expect(statuses[100]).toBe('skipped');
    const stats = data(await api().call({ path: '/comments/stats', key: pro.keys.read! }));
    expect(stats).toMatchObject({ queue_depth: 100, today: { handled: 100, limit: 100 }, month: { handled: 100, limit: 2000 }, by_status: { pending: 100, skipped: 1 } });
    api().sim.sandbox.clock.advance('1d');
    expect(api().sim.sandbox.comment(pro.id, { platform: 'facebook', text: 'next day', commenter: { id: 'u_next' } }).handled_comment!.status).toBe('pending');
  });

  it('approve: the draft or own text (edited), 409 not_pending after; reject drops the draft', async () => {
    await configure({ enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] });
    const a = arrive('first').handled_comment!.id;
    const b = arrive('second').handled_comment!.id;
    const c = arrive('third').handled_comment!.id;
    expect(data(await approve(a))).toMatchObject({ status: 'sent', reply: { edited: false, sent_text: expect.stringContaining('Thanks for your comment') }, reviewed_by: 'api', reviewed_at: expect.any(String) });
    expect(data(await approve(b, { text: 'Our own words' }))).toMatchObject({ status: 'sent', reply: { edited: true, sent_text: 'Our own words' } });
    const again = await approve(a);
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('not_pending');
    const rejected = await api().call({ method: 'POST', path: `/comments/${c}/reject`, key: full(), body: {} });
    expect(data(rejected)).toMatchObject({ status: 'rejected', reply: { draft: null, sent_text: null, sent_at: null } });
    expect(errorOf(await api().call({ method: 'POST', path: `/comments/${c}/reject`, key: full(), body: {} })).code).toBe('not_pending');
    expect(errorOf(await approve(a, { text: '' }))).toMatchObject({ code: 'invalid_param', param: 'text' });
    expect(handledEvents().map((e) => e.comment['status'])).toEqual(['pending', 'pending', 'pending', 'sent', 'sent', 'rejected']);
  });

  it('a platform refusal: failed, 422 send_failed, and comment.handled', async () => {
    await configure({ enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] });
    const id = arrive('hello').handled_comment!.id;
    api().sim.sandbox.commentFaults(account(), { refuse_replies: true });
    const res = await approve(id);
    expect(res.status).toBe(422);
    expect(errorOf(res).code).toBe('send_failed');
    expect(data(await api().call({ path: `/comments/${id}`, key: full() }))).toMatchObject({ status: 'failed' });
    expect(handledEvents().at(-1)).toMatchObject({ previous_status: 'pending', comment: { status: 'failed' } });
  });

  it('bulk approve and reject: up to 100 ids, repeats once, non-pending and unknown skipped silently', async () => {
    await configure({ enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] });
    const ids = [arrive('a'), arrive('b'), arrive('c'), arrive('d')].map((r) => r.handled_comment!.id);
    const bulk = (path: string, body: Json) => api().call({ method: 'POST', path, key: full(), body });
    expect(data(await bulk('/comments/approve', { ids: [ids[0], ids[0], 999999] }))).toEqual({ approved: 1, failed: 0, errors: [] });
    api().sim.sandbox.commentFaults(account(), { refuse_replies: true });
    expect(data(await bulk('/comments/approve', { ids: [ids[0], ids[1]] }))).toEqual({ approved: 0, failed: 1, errors: [{ id: ids[1], code: 'send_failed', message: expect.any(String) }] });
    expect(data(await bulk('/comments/reject', { ids: [ids[0], ids[1], ids[2], ids[3], ids[3]] }))).toEqual({ rejected: 2 });
    for (const id of [ids[2], ids[3]]) {
      expect(data(await api().call({ path: `/comments/${id}`, key: full() }))).toMatchObject({ status: 'rejected', reply: { draft: null } });
    }
    const tooMany = await bulk('/comments/reject', { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(errorOf(tooMany)).toMatchObject({ code: 'invalid_param', param: 'ids' });
    expect(errorOf(await bulk('/comments/approve', { ids: [] }))).toMatchObject({ param: 'ids' });
    expect(errorOf(await bulk('/comments/approve', { ids: ['x'] }))).toMatchObject({ param: 'ids.0' });
    expect((await bulk('/comments/approve', { ids: Array.from({ length: 100 }, (_, i) => i + 1) })).status).toBe(200);
  });

  it('lists newest first with status, channel, post_id and since; keeps 30 days', async () => {
    await configure({ enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] });
    const old = arrive('old one').handled_comment!.id;
    api().sim.sandbox.clock.advance('10d');
    const since = api().sim.sandbox.clock.now();
    const fb = api().sim.sandbox.comment(account(), { platform: 'facebook', post_id: 'p2', text: 'fb', commenter: { id: 'f1' } }).handled_comment!.id;
    const ig = arrive('ig').handled_comment!.id;
    expect((await comments()).map((c) => c['id'])).toEqual([ig, fb, old]);
    expect((await comments({ channel: 'facebook' })).map((c) => c['id'])).toEqual([fb]);
    expect((await comments({ post_id: 'p2' })).map((c) => c['id'])).toEqual([fb]);
    expect((await comments({ since })).map((c) => c['id'])).toEqual([ig, fb]);
    expect(errorOf(await api().call({ path: '/comments', key: full(), query: { since: 'yesterday' } }))).toMatchObject({ param: 'since' });
    expect(errorOf(await api().call({ path: '/comments', key: full(), query: { status: 'done' } }))).toMatchObject({ param: 'status' });
    api().sim.sandbox.clock.advance('21d');
    expect((await comments()).map((c) => c['id'])).toEqual([ig, fb]);
    expect((await api().call({ path: `/comments/${old}`, key: full() })).status).toBe(404);
  });

  it('below Pro every /comments route is 403 feature_unavailable; another account’s comment is 404', async () => {
    const creator = api().accounts[2]!.keys.full!;
    for (const [method, path, body] of [
      ['GET', '/comments', undefined],
      ['GET', '/comments/stats', undefined],
      ['GET', '/comments/1', undefined],
      ['POST', '/comments/1/approve', {}],
      ['POST', '/comments/1/reject', {}],
      ['POST', '/comments/approve', { ids: [1] }],
      ['POST', '/comments/reject', { ids: [1] }],
    ] as const) {
      const res = await api().call({ method, path, key: creator, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'feature_unavailable', param: 'comment_ai' });
    }
    await configure({ enabled: true, mode: 'approval', moderation: noModeration, exclude_rules: [] });
    const id = arrive('mine').handled_comment!.id;
    const pro = api().accounts[1]!.keys.full!;
    expect((await api().call({ path: `/comments/${id}`, key: pro })).status).toBe(404);
    expect(data(await api().call({ method: 'POST', path: '/comments/approve', key: pro, body: { ids: [id] } }))).toEqual({ approved: 0, failed: 0, errors: [] });
  });
}, { seed: seedWithoutCommentAutomation() });
