/**
 * The `minimal` payload profile omits message text (section 6: "`full` carries message text,
 * `minimal` omits it"; audit 9a F1). Real operations deliver `comment.handled` and `post.scheduled`
 * to two live receivers on 127.0.0.1, one per profile: the full bodies carry every text the test
 * wrote or the simulator produced, the minimal bodies none of them, and the minimal schemas in
 * /openapi.json no longer list those fields.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/build.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { addEndpoint, webhookSimulator, type WebhookHarness } from './support/webhook-setup.js';

interface Delivered {
  type: string;
  data: Record<string, unknown>;
}

const bodies = (receiver: Receiver): Delivered[] => receiver.received.map((request) => JSON.parse(request.body) as Delivered);

describe('minimal payload profile leaves reply, DM and post texts out', () => {
  let h: WebhookHarness;
  let full: Receiver;
  let minimal: Receiver;

  beforeEach(async () => {
    h = webhookSimulator();
    full = await startReceiver();
    minimal = await startReceiver();
    const events = ['comment.handled', 'post.scheduled', 'post.published'];
    await addEndpoint(h, full.url, { body: { events }, governance: { payload_profile: 'full' } });
    await addEndpoint(h, minimal.url, { body: { events }, governance: { payload_profile: 'minimal' } });
  });
  afterEach(async () => {
    await h.close();
    await full.close();
    await minimal.close();
  });

  const comment = (text: string, id: string) =>
    h.sim.request({ method: 'POST', path: '/_sandbox/comments', key: h.admin, body: { platform: 'instagram', text, commenter: { id, username: `user_${id}` } } });

  it('comment.handled: the AI draft, the reply posted and the DM after a hide reach full only', async () => {
    expect((await comment('Nice jacket, what sizes?', 'ig_f1_1')).status).toBe(200);
    await h.sim.sandbox.webhooks.idle();
    const pending = bodies(full).find((body) => body.type === 'comment.handled');
    const handled = pending?.data['comment'] as { id: number; status: string; reply: { draft: string | null } };
    expect(handled.status).toBe('pending');
    const draft = handled.reply.draft;
    expect(draft).toEqual(expect.any(String));

    const approved = await h.sim.request({ method: 'POST', path: `/comments/${handled.id}/approve`, key: h.keys.write, body: { text: 'Our own secret reply' } });
    expect(approved.status).toBe(200);
    // Spam is hidden and, with the seeded dm_on_hide, the commenter gets a DM.
    expect((await comment('spam click here buy followers', 'ig_f1_2')).status).toBe(200);
    await h.sim.sandbox.webhooks.idle();

    const loud = bodies(full).filter((body) => body.type === 'comment.handled');
    const quiet = bodies(minimal).filter((body) => body.type === 'comment.handled');
    expect(quiet).toHaveLength(loud.length);
    expect(loud.length).toBeGreaterThanOrEqual(3);
    const loudText = JSON.stringify(loud);
    const hidden = loud.map((body) => body.data['comment'] as { moderation: { dm_text: string | null } }).find((c) => c.moderation.dm_text !== null);
    const dmText = hidden?.moderation.dm_text;
    expect(dmText).toEqual(expect.any(String));
    for (const text of [draft!, 'Our own secret reply', dmText!]) expect(loudText).toContain(JSON.stringify(text));

    const quietText = JSON.stringify(quiet);
    for (const text of [draft!, 'Our own secret reply', dmText!, 'Nice jacket', 'buy followers']) expect(quietText).not.toContain(text);
    for (const body of quiet) {
      const c = body.data['comment'] as { reply: Record<string, unknown>; moderation: Record<string, unknown> };
      expect(Object.keys(c.reply).sort()).toEqual(['edited', 'meta_reply_id', 'sent_at']);
      expect(c.moderation).not.toHaveProperty('dm_text');
      expect(c.moderation).toHaveProperty('dm_status');
    }
  });

  it('post.scheduled: first comment, auto-reply wording and the TikTok title reach full only', async () => {
    const texts = ['cap secret', 'first secret comment', 'secret public reply', 'secret dm template', 'secret button answer', 'Sizes', 'tiktok secret title'];
    const created = await h.sim.request({
      method: 'POST',
      path: '/posts',
      key: h.keys.write,
      body: {
        platform: 'facebook_tiktok',
        post_type: 'feed_post',
        caption: 'cap secret',
        first_comment: 'first secret comment',
        scheduled_at: '2026-03-02T10:00:00Z',
        tiktok: { title: 'tiktok secret title' },
        comment_auto_reply: {
          keywords: ['info'],
          response_mode: 'both',
          public_replies: ['secret public reply'],
          dm_templates: ['secret dm template'],
          buttons: [
            { title: 'Sizes', type: 'text', response: 'secret button answer' },
            { title: 'Shop', type: 'url', url: 'https://shop.example.test/jacket' },
          ],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await h.sim.sandbox.webhooks.idle();

    const loud = bodies(full).filter((body) => body.type === 'post.scheduled');
    const quiet = bodies(minimal).filter((body) => body.type === 'post.scheduled');
    expect(loud).toHaveLength(1);
    expect(quiet).toHaveLength(1);
    for (const text of texts) expect(JSON.stringify(loud)).toContain(JSON.stringify(text));
    for (const text of texts) expect(JSON.stringify(quiet)).not.toContain(text);
    // What stays lets a receiver fetch the post with its own key, and still shows its settings.
    const post = quiet[0]!.data['post'] as { id: number; advanced: { comment_auto_reply: Record<string, unknown> }; tiktok: Record<string, unknown> };
    expect(post.id).toEqual(expect.any(Number));
    expect(post.advanced.comment_auto_reply).toMatchObject({ keywords: ['info'], response_mode: 'both', buttons: [{ type: 'text' }, { type: 'url', url: 'https://shop.example.test/jacket' }] });
    expect(post.tiktok).toHaveProperty('privacy_level');
  });

  it('post.published: the first comment and the caption reach full only', async () => {
    const created = await h.sim.request({
      method: 'POST',
      path: '/posts',
      key: h.keys.write,
      body: { platform: 'facebook', post_type: 'feed_post', caption: 'published secret caption', first_comment: 'published secret first comment' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { data: { id: number } }).data.id;
    const published = await h.sim.request({ method: 'POST', path: `/posts/${id}/publish`, key: h.keys.write, body: {} });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await h.sim.sandbox.webhooks.idle();
    const loud = bodies(full).filter((body) => body.type === 'post.published');
    const quiet = bodies(minimal).filter((body) => body.type === 'post.published');
    expect(loud).toHaveLength(1);
    expect(quiet).toHaveLength(1);
    expect(JSON.stringify(loud)).toContain('published secret first comment');
    expect(JSON.stringify(quiet)).not.toContain('published secret');
    expect(quiet[0]!.data['post']).toMatchObject({ id, status: 'published' });
  });

  it('the minimal schemas in /openapi.json leave those fields out too', async () => {
    const document = (await h.sim.request({ path: '/openapi.json' })).body as OpenApiDocument;
    const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
    const minimalOf = (event: string) => JSON.stringify(resolve(schemas, schemas[`Event_${event}_minimal`], new Set()));
    const fullOf = (event: string) => JSON.stringify(resolve(schemas, schemas[`Event_${event}`], new Set()));
    for (const field of ['draft', 'sent_text', 'dm_text']) {
      expect(fullOf('comment_handled')).toContain(`"${field}"`);
      expect(minimalOf('comment_handled')).not.toContain(`"${field}"`);
    }
    for (const event of ['post_scheduled', 'post_published', 'post_failed']) {
      for (const field of ['first_comment', 'public_replies', 'dm_templates', 'response', 'title', 'caption']) {
        expect(fullOf(event)).toContain(`"${field}"`);
        expect(minimalOf(event)).not.toContain(`"${field}"`);
      }
    }
  });
});

/** The schema with every component reference inlined (a cycle is cut at its second visit). */
function resolve(schemas: Record<string, unknown>, node: unknown, seen: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(schemas, item, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    return seen.has(name) ? {} : resolve(schemas, schemas[name], new Set([...seen, name]));
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(schemas, value, seen)]));
}
