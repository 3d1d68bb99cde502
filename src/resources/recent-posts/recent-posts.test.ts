/** Recent posts (2.23, 4.14): newest first, platform default and filter, limit up to 50, pages, 409, 503, addChannelPost. Both runtimes. */
import { expect, it } from 'vitest';
import { errorOf, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

describeRuntimes('recent posts', (api) => {
  const read = () => api().keys.read!;
  const account = () => api().accounts[0]!.id;
  const page = (query: Record<string, string> = {}, key = read()) => api().call({ path: '/recent-posts', key, query });

  it('lists the seeded Instagram posts newest first by default, with every 2.23 field', async () => {
    const res = await page({ limit: '50' });
    expect(res.status).toBe(200);
    const posts = list(res);
    // The 5 seeded, post 1 published there, and the market's stored own posts (seeded-channel.test.ts).
    expect(posts.length).toBeGreaterThan(6);
    expect(posts.map((p) => p['channel'])).toEqual(Array(posts.length).fill('instagram'));
    expect(posts.map((p) => p['posted_at'])).toEqual([...posts.map((p) => p['posted_at'] as string)].sort().reverse());
    expect(Object.keys(posts[0]!).sort()).toEqual(['caption', 'channel', 'id', 'media_type', 'permalink', 'posted_at', 'thumbnail_url']);
    expect(list(await page({ platform: 'facebook' })).map((p) => p['channel'])).toEqual(['facebook', 'facebook', 'facebook']);
  });

  it('pages with limit and starting_after; limit is 1 to 50', async () => {
    const before = list(await page({ limit: '50' })).length;
    for (let i = 0; i < 55; i++) api().sim.sandbox.addChannelPost(account(), { channel: 'instagram', caption: `post ${i}`, posted_at: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}T0${i % 10}:00:00+00:00` });
    const seen: Json[] = [];
    let cursor: string | null = null;
    do {
      const res = await page({ limit: '50', ...(cursor ? { starting_after: cursor } : {}) });
      const body = res.body as { data: Json[]; has_more: boolean; next_cursor: string | null };
      seen.push(...body.data);
      cursor = body.has_more ? body.next_cursor : null;
    } while (cursor);
    expect(seen).toHaveLength(before + 55);
    expect(new Set(seen.map((p) => p['id'])).size).toBe(before + 55);
    expect(seen.map((p) => p['posted_at'])).toEqual([...seen.map((p) => p['posted_at'] as string)].sort().reverse());
    expect(errorOf(await page({ limit: '51' }))).toMatchObject({ code: 'invalid_param', param: 'limit' });
    expect(errorOf(await page({ platform: 'tiktok' }))).toMatchObject({ code: 'invalid_param', param: 'platform' });
  });

  it('a walk neither skips nor repeats a post that arrives mid-walk older than the cursor (audit 13a, A3)', async () => {
    const walk = async (during?: () => void) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const body = (await page({ limit: '2', ...(cursor ? { starting_after: cursor } : {}) })).body as { data: Json[]; has_more: boolean; next_cursor: string | null };
        seen.push(...body.data.map((p) => p['id'] as string));
        if (seen.length === 2) during?.();
        cursor = body.has_more ? body.next_cursor : null;
      } while (cursor);
      return seen;
    };
    const before = await walk();
    // Older than everything listed: it sorts after the cursor, so the walk must still reach it.
    const during = await walk(() => api().sim.sandbox.addChannelPost(account(), { id: 'backdated_1', channel: 'instagram', posted_at: '2020-01-01T00:00:00+00:00' }));
    expect(during).toEqual([...before, 'backdated_1']);
    const bad = await page({ starting_after: 'nope' });
    expect(errorOf(bad)).toMatchObject({ code: 'invalid_param', param: 'starting_after' });
  });

  it('409 not_connected when the channel is not connected; 503 service_unavailable as a fault', async () => {
    api().sim.sandbox.setChannel(account(), 'facebook', { connected: false });
    const refused = await page({ platform: 'facebook' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'not_connected' });
    api().sim.sandbox.recentPostsFault(account(), { unavailable: true });
    const down = await page();
    expect(down.status).toBe(503);
    expect(errorOf(down).code).toBe('service_unavailable');
    api().sim.sandbox.recentPostsFault(account(), { unavailable: false });
    expect((await page()).status).toBe(200);
  });

  it('a post added to the channel (as the posts group does on publish) appears first; another account sees only its own', async () => {
    const added = api().sim.sandbox.addChannelPost(account(), { id: 'published_1', channel: 'instagram', caption: 'Just published', media_type: 'REELS' });
    expect(list(await page())[0]).toMatchObject({ id: 'published_1', caption: 'Just published', media_type: 'REELS', permalink: added.permalink });
    const other = list(await page({}, api().accounts[1]!.keys.read!));
    expect(other.map((p) => p['id'])).not.toContain('published_1');
  });
});
