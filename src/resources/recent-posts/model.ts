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
import { encodeCursor, type PageRequest } from '../../core/pagination.js';
import { parseTimestamp } from '../../core/clock.js';
import type { CoreServices } from '../../groups/services.js';
import type { RecordRules } from '../../store/rules.js';
import type { ChannelsModel } from '../channels/model.js';
import { EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { SANDBOX_FILE_PATH } from './sandbox-file.js';
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
function oldestFirst(a: Position, b: Position): number {
  if (a.posted_ms !== b.posted_ms) return a.posted_ms - b.posted_ms;
  if ((a.id === DERIVED) !== (b.id === DERIVED)) return a.id === DERIVED ? 1 : -1;
  return a.id - b.id || a.post_id.localeCompare(b.post_id);
}

/** Where a page ends: the sort keys of its last post (`oldestFirst` above). */
interface Position {
  readonly posted_ms: number;
  readonly id: number;
  readonly post_id: string;
}

const positionOf = (post: PostRecord): [number, number, string] => [post.posted_ms, post.id, post.post_id];

function readPosition(after: unknown): Position | undefined {
  if (after === undefined) return undefined;
  if (!Array.isArray(after) || after.length !== 3 || !Number.isSafeInteger(after[0]) || !Number.isSafeInteger(after[1]) || typeof after[2] !== 'string') {
    throw invalidParam('starting_after', 'starting_after is not a cursor this list issued.');
  }
  return { posted_ms: after[0] as number, id: after[1] as number, post_id: after[2] as string };
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

  /**
   * A thumbnail the sandbox serves itself (a published post's first file) is stored as a path and
   * shown at the origin the request reached, as GET /posts shows `media[].url`: stored with the
   * default origin, it pointed at 127.0.0.1:4010 under MSW or another port (audit 13c, C1).
   */
  const present = (post: PostRecord, origin = core.settings.publicOrigin): RecentPostData => ({
    id: post.post_id,
    channel: post.channel,
    caption: post.caption,
    media_type: post.media_type,
    permalink: post.permalink,
    thumbnail_url: post.thumbnail_url !== null && SANDBOX_FILE_PATH.test(post.thumbnail_url) ? `${origin}${post.thumbnail_url}` : post.thumbnail_url,
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
    list(accountId: number, channel: PostChannel, page: PageRequest, origin?: string) {
      if (!needs.channels.isConnected(accountId, channel)) {
        throw new ApiError('not_connected', `The ${channel} channel is not connected.`, { param: 'platform' });
      }
      if ([...faults.ofAccount(accountId)][0]?.unavailable) {
        throw new ApiError('service_unavailable', `The ${channel} API did not answer; retry shortly.`, { headers: { 'Retry-After': '30' } });
      }
      const newestFirst = [...[...posts.ofAccount(accountId)].filter((post) => post.channel === channel), ...derivedOf(accountId, channel)]
        .sort((a, b) => oldestFirst(b, a));
      // The cursor is the last post's place in the order, not its rank: a post that arrives
      // mid-walk (published, or backdated by the sandbox) shifts ranks, and a rank cursor then
      // skipped or repeated posts (audit 13a, A3).
      const after = readPosition(page.after);
      const start = after === undefined ? 0 : newestFirst.findIndex((post) => oldestFirst(post, after) < 0);
      const rows = start < 0 ? [] : newestFirst.slice(start, start + page.limit + 1);
      const has_more = rows.length > page.limit;
      const data = rows.slice(0, page.limit);
      const last = data[data.length - 1];
      return { data: data.map((post) => present(post, origin)), has_more, next_cursor: has_more && last ? encodeCursor(page.list, positionOf(last)) : null };
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
