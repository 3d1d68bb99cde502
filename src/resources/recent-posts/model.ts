/**
 * Recent posts (2.23, 4.14): what the connected Instagram or Facebook account has posted, as
 * the sandbox holds it (seeded per account, added by a sandbox power, and by the posts group
 * through `addChannelPost` when a post is published; the seed adds its published posts the same
 * way), plus, read when listed, the posts another group knows the channel holds (`derived`: the
 * market's stored own posts, ./market-posts.ts). Newest first by `posted_at`; 409
 * `not_connected` when the channel is not connected; 503 `service_unavailable` while the sandbox
 * fault is on.
 */
import { z } from 'zod';
import { ApiError, invalidParam } from '../../core/errors.js';
import { pageItemsNewestFirst, type PageRequest } from '../../core/pagination.js';
import { parseTimestamp } from '../../core/clock.js';
import type { CoreServices } from '../../groups/services.js';
import type { RecordRules } from '../../store/rules.js';
import type { ChannelsModel } from '../channels/model.js';
import { EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { POST_CHANNELS, type AddPostInput, type PostChannel, type RecentPostData } from './schemas.js';

const PostRecordSchema = storedRecord({
  post_id: z.string(),
  channel: z.enum(POST_CHANNELS),
  caption: z.string().nullable(),
  media_type: z.string(),
  permalink: z.string(),
  thumbnail_url: z.string().nullable(),
  posted_at: Timestamp,
  posted_ms: EpochMs,
});
type PostRecord = z.infer<typeof PostRecordSchema>;
const postRules: RecordRules<PostRecord> = { schema: PostRecordSchema, sequence: 'channel_post' };

const FaultSchema = storedRecord({ unavailable: z.boolean() });
type FaultRecord = z.infer<typeof FaultSchema>;
const faultRules: RecordRules<FaultRecord> = { schema: FaultSchema, sequence: 'channel_post_fault' };

export interface ChannelPostInput {
  readonly id: string;
  readonly channel: PostChannel;
  readonly caption: string | null;
  readonly media_type: string;
  readonly permalink: string;
  readonly thumbnail_url: string | null;
  readonly posted_at: string;
}

/** A derived post is not stored, so it has no sequence id: 0 stands for it. */
const DERIVED = 0;

/** Oldest first by `posted_at`; at one instant held posts by their sequence, then derived ones by platform id. */
function oldestFirst(a: PostRecord, b: PostRecord): number {
  if (a.posted_ms !== b.posted_ms) return a.posted_ms - b.posted_ms;
  if ((a.id === DERIVED) !== (b.id === DERIVED)) return a.id === DERIVED ? 1 : -1;
  return a.id - b.id || a.post_id.localeCompare(b.post_id);
}

export interface RecentPostsNeeds {
  readonly channels: ChannelsModel;
  /** Posts the channel holds that another group stored (their ids are the channel's); none by default. */
  readonly derived?: (accountId: number) => readonly ChannelPostInput[];
}

export function createRecentPostsModel(core: CoreServices, needs: RecentPostsNeeds) {
  const { store, clock } = core;
  const posts = store.define<PostRecord>('channel_posts', { key: { unique: true, key: (post) => `${post.account_id}:${post.channel}:${post.post_id}` } }, postRules);
  const faults = store.define<FaultRecord>('channel_post_faults', {}, faultRules);

  const present = (post: PostRecord): RecentPostData => ({
    id: post.post_id,
    channel: post.channel,
    caption: post.caption,
    media_type: post.media_type,
    permalink: post.permalink,
    thumbnail_url: post.thumbnail_url,
    posted_at: post.posted_at,
  });

  /** Adds (or replaces, same id) a post of the connected channel. */
  function addChannelPost(accountId: number, post: ChannelPostInput): RecentPostData {
    const postedMs = parseTimestamp(post.posted_at);
    if (postedMs === null) throw invalidParam('posted_at', 'must be a timestamp');
    const existing = posts.findUnique('key', `${accountId}:${post.channel}:${post.id}`);
    const fields = { caption: post.caption, media_type: post.media_type, permalink: post.permalink, thumbnail_url: post.thumbnail_url, posted_at: clock.iso(postedMs), posted_ms: postedMs };
    const saved = existing
      ? posts.update(existing.id, fields)
      : posts.insert({ id: store.nextId('channel_post'), account_id: accountId, post_id: post.id, channel: post.channel, ...fields });
    return present(saved);
  }

  /** The derived posts of a channel the sandbox does not hold itself (same id: the held one wins). */
  function derivedOf(accountId: number, channel: PostChannel): PostRecord[] {
    const rows: PostRecord[] = [];
    for (const post of needs.derived?.(accountId) ?? []) {
      const postedMs = parseTimestamp(post.posted_at);
      if (post.channel !== channel || postedMs === null || postedMs > clock.now()) continue;
      if (posts.findUnique('key', `${accountId}:${channel}:${post.id}`)) continue;
      const { id, ...fields } = post;
      rows.push({ ...fields, id: DERIVED, account_id: accountId, post_id: id, posted_at: clock.iso(postedMs), posted_ms: postedMs });
    }
    return rows;
  }

  return {
    addChannelPost,

    /** One post of the channel by its id, as GET /recent-posts shows it. */
    find(accountId: number, channel: PostChannel, postId: string): RecentPostData | undefined {
      const post = posts.findUnique('key', `${accountId}:${channel}:${postId}`) ?? derivedOf(accountId, channel).find((row) => row.post_id === postId);
      return post ? present(post) : undefined;
    },

    /** GET /recent-posts: newest first (posted_at, then id). */
    list(accountId: number, channel: PostChannel, page: PageRequest) {
      if (!needs.channels.isConnected(accountId, channel)) {
        throw new ApiError('not_connected', `The ${channel} channel is not connected.`, { param: 'platform' });
      }
      if ([...faults.ofAccount(accountId)][0]?.unavailable) {
        throw new ApiError('service_unavailable', `The ${channel} API did not answer; retry shortly.`, { headers: { 'Retry-After': '30' } });
      }
      const ordered = [...[...posts.ofAccount(accountId)].filter((post) => post.channel === channel), ...derivedOf(accountId, channel)]
        .sort(oldestFirst)
        .map((post, rank) => ({ id: rank + 1, post }));
      const result = pageItemsNewestFirst(ordered, page);
      return { ...result, data: result.data.map((item) => present(item.post)) };
    },

    /** Sandbox: a post appears on the channel. */
    add(accountId: number, input: AddPostInput): RecentPostData {
      const id = input.id ?? `sbx_post_${store.nextId('sandbox_post')}`;
      return addChannelPost(accountId, {
        id,
        channel: input.channel,
        caption: input.caption ?? null,
        media_type: input.media_type ?? 'IMAGE',
        permalink: input.permalink ?? `https://www.${input.channel}.example.test/p/${id}`,
        thumbnail_url: input.thumbnail_url ?? null,
        posted_at: input.posted_at ?? clock.iso(),
      });
    },

    setUnavailable(accountId: number, unavailable: boolean): { unavailable: boolean } {
      const existing = [...faults.ofAccount(accountId)][0];
      if (existing) faults.update(existing.id, { unavailable });
      else faults.insert({ id: store.nextId('channel_post_fault'), account_id: accountId, unavailable });
      return { unavailable };
    },
  };
}

export type RecentPostsModel = ReturnType<typeof createRecentPostsModel>;
