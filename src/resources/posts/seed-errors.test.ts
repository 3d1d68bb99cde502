/**
 * A seeded failed post says which platform refused it, and that is one it targets (2.25
 * `targets`, `error_message`; 3.5 "a platform rejects"; audit 13b B8): the default seed's failed
 * posts, and the message a seed that gives none gets (its first target, about its media when it
 * has some). docs/decisions.md "Seeded comments and posts say what the service would (audit 13b
 * B5, B8, B9)".
 */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';
import { defaultSeed } from '../../seed/default.js';

type Post = { id: number; status: string; targets: string[]; error_message: string | null };

async function failedPosts(seed?: unknown) {
  const t = testSimulator(seed === undefined ? {} : { seed: seed as never });
  const out: { account: number; post: Post }[] = [];
  for (const account of t.accounts) {
    const res = await t.sim.request({ path: '/posts', key: account.keys.full, query: { status: 'failed', limit: '100' } });
    if (res.status !== 200) continue;
    for (const post of (res.body as { data: Post[] }).data) out.push({ account: account.id, post });
  }
  return out;
}

describe('seeded failed posts name a platform they target (audit 13b B8)', () => {
  it('every failed post of the default seed', async () => {
    const failed = await failedPosts();
    expect(failed.length).toBeGreaterThanOrEqual(3);
    for (const { account, post } of failed) {
      const platform = post.error_message?.split(':')[0];
      expect(post.targets, `account ${account} post ${post.id}: ${post.error_message}`).toContain(platform);
    }
  });

  it('a failed post seeded without a message: its first target, about the media when it has some', async () => {
    const seed = defaultSeed();
    const account = seed.accounts[0] as Record<string, unknown>;
    account['posts'] = [
      { status: 'failed', platform: 'facebook', caption: 'Text only.' },
      { status: 'failed', platform: 'tiktok', post_type: 'reels', media: ['product.jpg'] },
    ];
    const messages = (await failedPosts(seed)).filter(({ account: id }) => id === 1).map(({ post }) => post.error_message);
    expect(messages.sort()).toEqual(['facebook: The post could not be published.', 'tiktok: The media could not be fetched.']);
  });
});
