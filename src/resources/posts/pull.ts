/**
 * Posts read back (`seed pull`): status, content and times, with the TikTok connection that
 * capabilities show. Capabilities answer on every plan, so a plan without content publishing
 * (where GET /posts is 403) is read as "no posts" instead of failing the whole pull. Media are not
 * pulled: the files are not the account's to copy.
 */
import { agoOf, type PullApi, type PullSpec } from '../../groups/pull.js';

interface PulledPost {
  status: string;
  platform: string;
  post_type: string;
  caption: string | null;
  hashtags: string[];
  scheduled_at: string | null;
  published_at: string | null;
  error_message: string | null;
  retry_count: number;
}

interface PulledCapabilities {
  platforms: { tiktok: { connected: boolean; username: string | null } };
  limits: { posts_per_month: number };
}

/** How far ahead of the pull a scheduled post is due, as a seed duration (at least a minute). */
function inOf(api: PullApi, iso: string | null): string {
  const ms = iso ? Date.parse(iso) - api.startedAtMs : 0;
  return `${Math.max(60, Math.round(ms / 1000))}s`;
}

function seedPost(post: PulledPost, api: PullApi): Record<string, unknown> {
  const status = post.status === 'publishing' ? 'scheduled' : post.status;
  return {
    status,
    platform: post.platform,
    post_type: post.post_type,
    ...(post.caption !== null ? { caption: post.caption } : {}),
    ...(post.hashtags.length > 0 ? { hashtags: post.hashtags } : {}),
    ...(status === 'scheduled' ? { in: inOf(api, post.scheduled_at) } : {}),
    ...(status === 'published' ? { ago: agoOf(api, post.published_at) } : {}),
    ...(status === 'failed' ? { ago: agoOf(api, post.scheduled_at), ...(post.error_message ? { error_message: post.error_message } : {}), retry_count: Math.min(post.retry_count, 3) } : {}),
  };
}

export const postPull: PullSpec = {
  sections: [
    {
      field: 'posts_tiktok',
      value: async (api) => {
        const caps = await api.get<PulledCapabilities>('/posts/capabilities');
        const { connected, username } = caps.platforms.tiktok;
        return { connected, ...(username !== null ? { username } : {}) };
      },
    },
    {
      field: 'posts',
      value: async (api) => {
        const caps = await api.get<PulledCapabilities>('/posts/capabilities');
        if (caps.limits.posts_per_month === 0) return [];
        // Oldest first, so the pulled sandbox numbers them in the same order.
        return (await api.all<PulledPost>('/posts', { limit: 100 })).reverse().map((post) => seedPost(post, api));
      },
    },
  ],
};
