/** `addChannelPost`, the function the posts group calls on publish, reached through a stand-in group. */
import { expect, it } from 'vitest';
import { list } from '../../../test/support/flow-graphs.js';
import { testSimulator } from '../../../test/support/simulator.js';
import { defineGroup } from '../../groups/define.js';
import type { CoreServices } from '../../groups/services.js';
import { registry } from '../index.js';
import { recentPostsGroup } from './index.js';
import type { RecentPostsModel } from './model.js';

let reach: { model: RecentPostsModel; core: CoreServices } | undefined;
const standIn = defineGroup({
  name: 'standIn',
  description: 'Calls addChannelPost as the posts group will.',
  needs: [recentPostsGroup],
  model: () => ({}),
  listen: ({ needs, core }) => void (reach = { model: needs.recentPosts, core }),
});

it('addChannelPost adds a post (or replaces one of the same id) that GET /recent-posts lists', async () => {
  const { sim, keys } = testSimulator({ groups: [...registry, standIn] });
  const { model, core } = reach!;
  const post = { id: 'ig_pub_1', channel: 'instagram' as const, caption: 'Published', media_type: 'IMAGE', permalink: 'https://www.instagram.example.test/p/ig_pub_1', thumbnail_url: null, posted_at: '2030-01-01T00:00:00+00:00' };
  expect(core.store.transaction(() => model.addChannelPost(1, post))).toEqual(post);
  core.store.transaction(() => model.addChannelPost(1, { ...post, caption: 'Edited' }));
  const posts = list(await sim.request({ path: '/recent-posts', key: keys.read }));
  expect(posts.filter((p) => p['id'] === 'ig_pub_1')).toEqual([{ ...post, caption: 'Edited' }]);
  expect(posts[0]!['id']).toBe('ig_pub_1');
  expect(() => core.store.transaction(() => model.addChannelPost(1, { ...post, posted_at: 'soon' }))).toThrow();
});
