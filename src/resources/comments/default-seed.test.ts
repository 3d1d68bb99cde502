/**
 * The default seed's handled comments are ones the service could hold (audit 13b B5, B9):
 * - a `skipped` comment (3.6: "plan daily or monthly cap reached") only where GET /comments/stats
 *   shows that day's or month's cap reached; the seed has none, since no seeded count comes near;
 * - every comment sits on a post (2.24 `post_id`, no null), one of its channel's recent posts
 *   (GET /recent-posts, 2.23), posted before the comment arrived.
 * docs/decisions.md "Seeded comments and posts say what the service would (audit 13b B5, B8, B9)".
 * Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

type Stats = { today: { handled: number; limit: number }; month: { handled: number; limit: number } };

describeRuntimes(
  'the default seed’s handled comments (audit 13b B5, B9)',
  (api) => {
    const seededAccounts = async () => {
      const out: { id: number; key: string; comments: Json[] }[] = [];
      for (const account of api().accounts) {
        const res = await api().call({ path: '/comments', key: account.keys.full!, query: { limit: '100' } });
        if (res.status === 200 && list(res).length > 0) out.push({ id: account.id, key: account.keys.full!, comments: list(res) });
      }
      return out;
    };

    it('no comment is skipped while the plan caps are far from reached', async () => {
      const accounts = await seededAccounts();
      expect(accounts.length).toBeGreaterThan(0);
      for (const { id, key, comments } of accounts) {
        const stats = data<Stats>(await api().call({ path: '/comments/stats', key }));
        const capReached = stats.today.handled >= stats.today.limit || stats.month.handled >= stats.month.limit;
        const skipped = comments.filter((comment) => comment['status'] === 'skipped').map((comment) => comment['id']);
        expect(capReached ? [] : skipped, `account ${id}: skipped ${JSON.stringify(skipped)} with ${JSON.stringify(stats)}`).toEqual([]);
      }
    });

    it('every comment sits on one of its channel’s recent posts, posted before it', async () => {
      for (const { id, key, comments } of await seededAccounts()) {
        for (const comment of comments) {
          const channel = comment['channel'] as string;
          const posts = list(await api().call({ path: '/recent-posts', key, query: { platform: channel, limit: '50' } }));
          const post = posts.find((candidate) => candidate['id'] === comment['post_id']);
          expect(post, `account ${id} comment ${String(comment['id'])} on ${channel} post ${String(comment['post_id'])}`).toBeDefined();
          expect(Date.parse(post!['posted_at'] as string)).toBeLessThan(Date.parse(comment['created_at'] as string));
        }
      }
    });
  },
  { clock: { frozenAt: '2026-11-25T12:00:00Z' } },
);
