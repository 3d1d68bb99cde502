/** A published post (the posts group's `postPublished`) as the recent posts of its Instagram and Facebook targets. */
import type { PublishedPost } from '../posts/model.js';
import type { ChannelPostInput } from './model.js';

/** The Graph API's media types: a carousel is an album, Reels and video stories are videos. */
function mediaTypeOf(published: PublishedPost): string {
  if (published.post_type === 'carousel') return 'CAROUSEL_ALBUM';
  if (published.post_type === 'reels' || published.media[0]?.type === 'video') return 'VIDEO';
  return 'IMAGE';
}

export function channelPostsOf(published: PublishedPost): ChannelPostInput[] {
  const base = {
    caption: published.caption,
    media_type: mediaTypeOf(published),
    thumbnail_url: published.media[0]?.url ?? null,
    posted_at: published.published_at,
  };
  const posts: ChannelPostInput[] = [];
  const instagram = published.published_ids.instagram_media_id;
  const facebook = published.published_ids.facebook_post_id;
  if (published.targets.includes('instagram') && instagram) {
    posts.push({ ...base, id: instagram, channel: 'instagram', permalink: `https://www.instagram.example.test/p/${instagram}` });
  }
  if (published.targets.includes('facebook') && facebook) {
    posts.push({ ...base, id: facebook, channel: 'facebook', permalink: `https://www.facebook.example.test/${facebook}` });
  }
  return posts;
}
