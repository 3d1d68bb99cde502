/**
 * The default seed's channel posts (2.23 "from the connected channel", audit 13b B10): a post the
 * account published (GET /posts, `published_ids`) is among its channel's recent posts, and so is
 * every own post the market stored (GET /market-intel/top-posts, 2.30), also after a refresh
 * stores newer ones; the seeded recent posts are recent whenever the seed loads (placed relative
 * to the load instant, not at fixed dates). docs/decisions.md "The channel's recent posts hold
 * what the account published (audit 13b B10)". Both runtimes.
 */
import { expect, it } from 'vitest';
import type { Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes, type RuntimeApi } from '../../../test/support/runtimes.js';

// Wednesday 2027-03-10, long after the old fixed dates (2026-01-10..14).
const NOW = '2027-03-10T12:00:00Z';
const DAY = 86_400_000;

async function walk(api: RuntimeApi, key: string, path: string, query: Record<string, string> = {}): Promise<Json[]> {
  const rows: Json[] = [];
  let after: string | null = null;
  do {
    const res = await api.call({ path, key, query: { ...query, limit: path === '/posts' ? '100' : '50', ...(after ? { starting_after: after } : {}) } });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    const body = res.body as { data: Json[]; has_more: boolean; next_cursor: string | null };
    rows.push(...body.data);
    after = body.has_more ? body.next_cursor : null;
  } while (after);
  return rows;
}

const idsOf = (rows: readonly Json[]) => rows.map((row) => row['id']);

describeRuntimes(
  'the seeded channels hold what the account published (audit 13b B10)',
  (api) => {
    it('every published post is on each channel it targets', async () => {
      let checked = 0;
      for (const account of api().accounts.slice(0, 3)) {
        const key = account.keys.full!;
        const published = await walk(api(), key, '/posts', { status: 'published' });
        expect(published.length, `account ${account.id} has a published post`).toBeGreaterThan(0);
        const instagram = idsOf(await walk(api(), key, '/recent-posts', { platform: 'instagram' }));
        const facebook = idsOf(await walk(api(), key, '/recent-posts', { platform: 'facebook' }));
        for (const post of published) {
          const ids = post['published_ids'] as { instagram_media_id: string | null; facebook_post_id: string | null };
          if (ids.instagram_media_id !== null) expect(instagram, `account ${account.id} post ${post['id']}`).toContain(ids.instagram_media_id);
          if (ids.facebook_post_id !== null) expect(facebook, `account ${account.id} post ${post['id']}`).toContain(ids.facebook_post_id);
          checked += Number(ids.instagram_media_id !== null) + Number(ids.facebook_post_id !== null);
        }
      }
      expect(checked).toBeGreaterThanOrEqual(4);
    });

    it('a published post is there as posted: caption, time and permalink', async () => {
      const key = api().keys.full!;
      const post = (await walk(api(), key, '/posts', { status: 'published' }))[0]!;
      const ids = post['published_ids'] as { instagram_media_id: string };
      const onChannel = (await walk(api(), key, '/recent-posts', { platform: 'instagram' })).find((row) => row['id'] === ids.instagram_media_id);
      expect(onChannel).toMatchObject({ channel: 'instagram', caption: post['caption'], posted_at: post['published_at'], media_type: 'CAROUSEL_ALBUM' });
      // The thumbnail is the first file at the origin this request reached, as GET /posts shows it,
      // not at the default origin of another runtime (audit 13c, C1).
      const first = (post['media'] as { url: string }[])[0]!.url;
      expect(onChannel?.['thumbnail_url']).toBe(first);
    });

    it("every own post the market stored is on the Instagram channel, also after a refresh stores newer ones", async () => {
      for (const account of api().accounts.slice(0, 2)) {
        const key = account.keys.full!;
        const top = await walk(api(), key, '/market-intel/top-posts');
        expect(top.length, `account ${account.id} has stored top posts`).toBeGreaterThan(0);
        const recent = await walk(api(), key, '/recent-posts', { platform: 'instagram' });
        expect(idsOf(recent), `account ${account.id}`).toEqual(expect.arrayContaining(idsOf(top)));
        const first = top[0]!;
        expect(recent.find((row) => row['id'] === first['id'])).toMatchObject({ caption: first['caption'], permalink: first['permalink'], posted_at: first['posted_at'] });
        expect(new Set(idsOf(recent)).size, 'no post twice').toBe(recent.length);
      }
      const key = api().keys.full!;
      api().sim.sandbox.clock.advance('10d');
      expect((await api().call({ method: 'POST', path: '/market-intel/refresh', key })).status).toBeLessThan(300);
      const top = await walk(api(), key, '/market-intel/top-posts');
      expect(idsOf(await walk(api(), key, '/recent-posts', { platform: 'instagram' }))).toEqual(expect.arrayContaining(idsOf(top)));
    });

    it('the seeded recent posts are recent whenever the seed loads', async () => {
      for (const account of api().accounts.slice(0, 2)) {
        const key = account.keys.full!;
        for (const platform of ['instagram', 'facebook']) {
          for (const post of await walk(api(), key, '/recent-posts', { platform })) {
            const age = Date.parse(NOW) - Date.parse(post['posted_at'] as string);
            expect(age, `${platform} ${String(post['id'])} posted ${String(post['posted_at'])}`).toBeGreaterThanOrEqual(0);
            expect(age, `${platform} ${String(post['id'])} posted ${String(post['posted_at'])}`).toBeLessThanOrEqual(60 * DAY);
          }
        }
      }
    });
  },
  { clock: { frozenAt: NOW } },
);
