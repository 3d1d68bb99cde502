/** Post rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { PostsModel, PostsNeeds } from './model.js';

type Guards = PostsModel['guards'];

function swap<K extends keyof Guards>(key: K, replacement: Guards[K], after?: (model: PostsModel) => void): GroupMutant<PostsModel, PostsNeeds>['install'] {
  return ({ model }) => {
    const original = model.guards[key];
    model.guards[key] = replacement;
    after?.(model);
    return () => {
      model.guards[key] = original;
      after?.(model);
    };
  };
}

export const postMutants: Readonly<Record<string, GroupMutant<PostsModel, PostsNeeds>>> = {
  post_carousel_of_one: {
    description: 'A carousel of one item publishes (3.5 needs 2 or more).',
    install: ({ model, ...rest }) => {
      const original = model.guards.publishBreak;
      return swap('publishBreak', (post, items) => original(post, post.post_type === 'carousel' && items.length === 1 ? [items[0]!, items[0]!] : items))({ model, ...rest });
    },
  },
  post_bare_reel: {
    description: 'A Facebook Reel or story with no media publishes (a Reel is its video, a story its image or video).',
    install: ({ model, ...rest }) => {
      const original = model.guards.publishBreak;
      const bare = (post: Parameters<typeof original>[0]) => post.platform === 'facebook' && (post.post_type === 'reels' || post.post_type === 'story');
      return swap('publishBreak', (post, items) => (items.length === 0 && bare(post) ? undefined : original(post, items)))({ model, ...rest });
    },
  },
  post_published_deletable: {
    description: 'A published post can be deleted (3.5: published posts cannot be deleted).',
    install: swap('deletable', () => true),
  },
  post_scheduler_late: {
    description: 'The scheduler publishes a post an hour after its scheduled_at (3.5: within about a minute).',
    install: swap('dueAt', (ms) => ms + 3_600_000, (model) => model.scheduler.arm()),
  },
};
