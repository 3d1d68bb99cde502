/**
 * Posts (2.25, 3.5, 4.15): drafts, scheduling, publishing and its failures, per account. The
 * pure rules are in ./rules.ts, the media of a post in ./media.ts, publishing to the platforms in
 * ./publish.ts, the virtual-clock scheduler in ./scheduler.ts, sandbox state in ./settings.ts.
 *
 * Plan gates (8): content publishing needs an eligible plan (403 feature_unavailable); scheduled
 * plus published posts per calendar month are capped (drafts do not count); post media storage
 * is capped (403 plan_limit_reached).
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import { cursorId, pageFromWalk, type Page, type PageRequest } from '../../core/pagination.js';
import { newestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import { formatTimestamp, parseTimestamp, utcMonthOf } from '../../core/clock.js';
import type { CoreServices } from '../../groups/services.js';
import type { AccountModel } from '../account/model.js';
import type { ChannelsModel } from '../channels/model.js';
import { cutChars } from '../shared/characters.js';
import { CAPTION_MAX, CAROUSEL_MAX, CAROUSEL_MIN, COLLABORATORS_MAX, MB, PUBLISHING_BY_PLAN, RETRY_CAP, SCHEDULER_DELAY_MS, TIKTOK_TITLE_MAX } from './limits.js';
import type { JudgedPostMedia } from './inspect.js';
import { createPostFields } from './fields.js';
import { createPostMedia } from './media.js';
import { PostRecordSchema, type PostRecord } from './record.js';
import { EDITABLE, mediaBreak, publishBreak, scheduleBreak, TARGETS_OF, type RuleBreak } from './rules.js';
import type {
  CapabilitiesData,
  CommentAutoReply,
  CreatePost,
  ListPostsFilters,
  PatchPost,
  PostData,
  PostStatus,
  PublishedIdsData,
  Target,
} from './schemas.js';
import { UPDATABLE_POST_FIELDS } from './schemas.js';
import { publishPost, type PublishDeps, type PublishOutcome } from './publish.js';
import { createPostScheduler, type DueTurn } from './scheduler.js';
import { createDueClock } from '../shared/due-clock.js';
import { createPublishingSettings } from './settings.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

/** What the comment-automation group hears when a post goes live (it scopes a comment trigger to it). */
export interface PublishedPost {
  readonly post_id: number;
  readonly targets: string[];
  readonly post_type: string;
  readonly caption: string | null;
  readonly published_ids: PublishedIdsData;
  readonly published_at: string;
  /** `url` is the file's path without an origin (`/_media/posts/...`): a reader adds the origin the request reached (audit 13c, C1). */
  readonly media: { url: string; type: string }[];
  readonly comment_auto_reply: CommentAutoReply | null;
}

export const postHooks = {
  /** A post became published (API publish, retry or the scheduler), inside that transaction. */
  postPublished: hook<[accountId: number, published: PublishedPost]>(),
};

export interface PostsNeeds {
  readonly account: AccountModel;
  readonly channels: ChannelsModel;
}

const EMPTY_IDS: PublishedIdsData = { instagram_media_id: null, facebook_post_id: null, tiktok_video_id: null, tiktok_publish_id: null };

const fail = (broken: RuleBreak): ApiError => invalidParam(broken.param, broken.message);

export function createPostsModel(core: CoreServices, needs: PostsNeeds, hooks: HooksOf<typeof postHooks>) {
  const { store } = core;
  // The scheduler runs each due post at its due instant (./scheduler.ts): the model's reads of the
  // time, and so the events it emits, see that instant then (../shared/due-clock.ts).
  const dueClock = createDueClock(core.clock);
  const clock = dueClock.clock;
  /** Every post event: stamped with the model's now, a due post's due instant while the scheduler runs it. */
  const emit = (accountId: number, type: string, data: Record<string, unknown>): void => void core.events.emit(accountId, type, data, clock.now());
  const posts = store.define<PostRecord>(
    'posts',
    // Posts the scheduler owes a turn: scheduled (to start) and publishing (to complete).
    {
      scheduled: { key: (post) => (post.status === 'scheduled' || post.status === 'publishing' ? 'scheduled' : null) },
      // GET /posts filters (4.15, our choice of parameters): status, each target, post type.
      status: { key: (post) => `${post.account_id}:${post.status}`, fields: ['status'] },
      target: { key: (post) => TARGETS_OF[post.platform].map((target) => `${post.account_id}:${target}`), fields: ['platform'] },
      post_type: { key: (post) => `${post.account_id}:${post.post_type}`, fields: ['post_type'] },
    },
    { schema: PostRecordSchema, sequence: 'post' },
  );
  const settings = createPublishingSettings(core);
  const media = createPostMedia(core);

  /** Rules the conformance kit's mutants swap (./mutants.ts). */
  const guards = {
    publishBreak,
    /** Published posts cannot be deleted (3.5), nor a post the platforms are publishing right now. */
    deletable: (status: PostStatus): boolean => status !== 'published' && status !== 'publishing',
    /** When the scheduler publishes a post due at `scheduledMs`. */
    dueAt: (scheduledMs: number): number => scheduledMs + SCHEDULER_DELAY_MS,
  };

  function plan(accountId: number) {
    return PUBLISHING_BY_PLAN[needs.account.getAccount(accountId).plan];
  }

  function get(accountId: number, id: number): PostRecord {
    const post = posts.getOwned(accountId, id);
    if (!post) throw notFound('Post');
    return post;
  }

  function editable(post: PostRecord, action: string): void {
    if (!EDITABLE.has(post.status)) throw new ApiError('not_editable', `A ${post.status} post cannot be ${action}; only draft, scheduled and failed posts can.`);
  }

  /** Scheduled plus published posts counted in the month of `ms` (drafts do not count), leaving out `except`. */
  function usedInMonth(accountId: number, ms: number, except?: number): number {
    const month = utcMonthOf(ms);
    let used = 0;
    for (const post of posts.ofAccount(accountId)) {
      if (post.id === except) continue;
      const at =
        post.status === 'scheduled' || post.status === 'publishing' ? post.scheduled_ms : post.status === 'published' && post.published_at ? parseTimestamp(post.published_at) : null;
      if (at !== null && utcMonthOf(at) === month) used++;
    }
    return used;
  }

  function ensureMonthlyRoom(accountId: number, ms: number, except?: number): void {
    const cap = plan(accountId).postsPerMonth;
    if (usedInMonth(accountId, ms, except) >= cap) {
      throw new ApiError('plan_limit_reached', `The plan allows ${cap} scheduled or published posts a month (drafts do not count); ${utcMonthOf(ms)} is full.`, {
        param: 'scheduled_at',
      });
    }
  }

  /** A future instant, or 400 naming scheduled_at. */
  function futureInstant(value: string): number {
    const ms = parseTimestamp(value);
    if (ms === null) throw invalidParam('scheduled_at', 'scheduled_at must be an ISO-8601 timestamp with an offset.');
    if (ms <= clock.now()) throw invalidParam('scheduled_at', `scheduled_at must be in the future (now is ${clock.iso()}).`);
    return ms;
  }

  const { shape } = createPostFields({ tiktok: settings.tiktok, facts: media.facts });

  function requirePublishing(accountId: number): void {
    if (!plan(accountId).publishing) {
      throw new ApiError('feature_unavailable', 'Content publishing needs a plan of the creator tier or above.', { param: 'content_publishing' });
    }
  }

  function present(post: PostRecord, origin: string): PostData {
    const caption = post.caption;
    return {
      id: post.id,
      status: post.status,
      platform: post.platform,
      targets: [...TARGETS_OF[post.platform]],
      post_type: post.post_type,
      caption,
      hashtags: [...post.hashtags],
      scheduled_at: post.scheduled_at,
      published_at: post.published_at,
      media: media.present(post.id, origin),
      advanced: {
        first_comment: post.first_comment,
        collaborators: [...post.collaborators],
        comment_auto_reply: post.comment_auto_reply,
        cover_offset_ms: post.cover_offset_ms,
      },
      tiktok: post.tiktok ? { ...post.tiktok, title: post.tiktok.title ?? (caption === null ? null : cutChars(caption, TIKTOK_TITLE_MAX)) } : null,
      published_ids: { ...post.published_ids },
      error_message: post.error_message,
      retry_count: post.retry_count,
      created_at: post.created_at,
    };
  }

  /**
   * A published post as the groups that hear of it see it (`postPublished`; the recent-posts seed):
   * file paths without an origin, as the reader adds the one its request reached (audit 13c, C1).
   */
  function publishedView(post: PostRecord, data: PostData = present(post, '')): PublishedPost {
    return {
      post_id: post.id,
      targets: data.targets,
      post_type: post.post_type,
      caption: post.caption,
      published_ids: data.published_ids,
      published_at: data.published_at ?? data.created_at,
      media: media.present(post.id, '').map((item) => ({ url: item.url, type: item.type })),
      comment_auto_reply: post.comment_auto_reply,
    };
  }

  const model = {
    guards,
    settings,
    media,
    hooks,
    requirePublishing,
    get,
    present,
    publishedView,

    /** Posts newest first; `status`, `platform` (a target) and `post_type` filter. */
    list(accountId: number, filters: ListPostsFilters, page: PageRequest): Page<PostRecord> {
      // The shortest filter list is walked; every filter is still checked on the posts it yields.
      const lists: SortedIdView[] = [];
      if (filters.status !== undefined) lists.push(posts.idsByIndex('status', `${accountId}:${filters.status}`));
      if (filters.platform !== undefined) lists.push(posts.idsByIndex('target', `${accountId}:${filters.platform}`));
      if (filters.post_type !== undefined) lists.push(posts.idsByIndex('post_type', `${accountId}:${filters.post_type}`));
      const walk = newestFirstWalk(posts.idsOfAccount(accountId), lists, cursorId(page), undefined);
      return pageFromWalk(walk, (id) => posts.get(id), page, (post) =>
        post.account_id === accountId &&
        (filters.status === undefined || post.status === filters.status) &&
        (filters.platform === undefined || TARGETS_OF[post.platform].includes(filters.platform)) &&
        (filters.post_type === undefined || post.post_type === filters.post_type),
      );
    },

    create(accountId: number, input: CreatePost): PostRecord {
      requirePublishing(accountId);
      const fields = shape(accountId, undefined, input);
      const at = input.scheduled_at ?? null;
      const scheduledMs = at === null ? null : futureInstant(at);
      if (scheduledMs !== null) {
        const broken = scheduleBreak(fields);
        if (broken) throw fail(broken);
        ensureMonthlyRoom(accountId, scheduledMs);
      }
      const post = posts.insert({
        id: store.nextId('post'),
        account_id: accountId,
        status: scheduledMs === null ? 'draft' : 'scheduled',
        ...fields,
        scheduled_at: scheduledMs === null ? null : formatTimestamp(scheduledMs),
        scheduled_ms: scheduledMs,
        published_at: null,
        published_ids: EMPTY_IDS,
        error_message: null,
        retry_count: 0,
        created_at: clock.iso(),
      });
      if (scheduledMs !== null) {
        model.announceScheduled(post);
        // Re-armed, or a post due before the earliest one already armed would wait for that one.
        model.scheduleChanged();
      }
      return post;
    },

    update(accountId: number, id: number, input: PatchPost): PostRecord {
      requirePublishing(accountId);
      const previous = get(accountId, id);
      refuseEmptyPatch(input, UPDATABLE_POST_FIELDS);
      editable(previous, 'edited');
      const fields = shape(accountId, previous, input);
      let status = previous.status;
      let scheduledMs = previous.scheduled_ms;
      if (input.scheduled_at === null) {
        if (status === 'scheduled') status = 'draft';
        scheduledMs = null;
      } else if (input.scheduled_at !== undefined) {
        scheduledMs = futureInstant(input.scheduled_at);
        status = 'scheduled';
      }
      if (status === 'scheduled') {
        const broken = scheduleBreak(fields);
        if (broken) throw fail(broken);
        if (scheduledMs !== previous.scheduled_ms || previous.status !== 'scheduled') ensureMonthlyRoom(accountId, scheduledMs!, id);
      }
      const post = posts.update(id, {
        ...fields,
        status,
        scheduled_ms: scheduledMs,
        scheduled_at: scheduledMs === null ? null : formatTimestamp(scheduledMs),
      });
      if (status === 'scheduled' && (previous.status !== 'scheduled' || previous.scheduled_ms !== scheduledMs)) model.announceScheduled(post);
      if (previous.status === 'scheduled' || status === 'scheduled') model.scheduleChanged();
      return post;
    },

    /** Deletes a draft, scheduled or failed post and its media; a published post is 409 not_editable. */
    remove(accountId: number, id: number): PostRecord {
      requirePublishing(accountId);
      const post = get(accountId, id);
      if (!guards.deletable(post.status)) throw new ApiError('not_editable', `A ${post.status} post cannot be deleted.`);
      media.removeAll(post.id);
      posts.remove(post.id);
      if (post.status === 'scheduled') model.scheduleChanged();
      return post;
    },

    schedule(accountId: number, id: number, scheduledAt: string): PostRecord {
      requirePublishing(accountId);
      const previous = get(accountId, id);
      editable(previous, 'scheduled');
      const ms = futureInstant(scheduledAt);
      const broken = scheduleBreak(previous);
      if (broken) throw fail(broken);
      ensureMonthlyRoom(accountId, ms, id);
      const post = posts.update(id, { status: 'scheduled', scheduled_ms: ms, scheduled_at: formatTimestamp(ms) });
      model.announceScheduled(post);
      model.scheduleChanged();
      return post;
    },

    unschedule(accountId: number, id: number): PostRecord {
      requirePublishing(accountId);
      const previous = get(accountId, id);
      if (previous.status !== 'scheduled') throw new ApiError('not_editable', `Only a scheduled post can be unscheduled; this one is ${previous.status}.`);
      const post = posts.update(id, { status: 'draft', scheduled_ms: null, scheduled_at: null });
      model.scheduleChanged();
      return post;
    },

    /** Checks what publishing now needs (3.5) and the monthly cap; throws the 4xx, changes nothing. */
    checkPublishable(accountId: number, post: PostRecord): void {
      const broken = guards.publishBreak(post, media.facts(post.id));
      if (broken) throw fail(broken);
      for (const target of TARGETS_OF[post.platform]) {
        if (!model.connected(accountId, target)) throw new ApiError('not_connected', `The ${target} account is not connected.`, { param: 'platform' });
      }
      if (post.status !== 'scheduled' || utcMonthOf(post.scheduled_ms!) !== utcMonthOf(clock.now())) ensureMonthlyRoom(accountId, clock.now(), post.id);
    },

    connected(accountId: number, target: Target): boolean {
      return target === 'tiktok' ? settings.tiktok(accountId).connected : needs.channels.isConnected(accountId, target);
    },

    /** `post.scheduled` fires at once on every move into scheduled (section 6). */
    announceScheduled(post: PostRecord): void {
      emit(post.account_id, 'post.scheduled', { post: present(post, core.settings.publicOrigin) });
    },
    /** The scheduler re-arms once the change commits (a rolled-back change leaves it as it was). */
    scheduleChanged(): void {
      store.afterCommit(() => scheduler.arm());
    },

    /** Publish now (3.5): 4xx and no change when not publishable; else published, or failed (the caller answers 422). */
    publishNow(accountId: number, id: number): PublishOutcome {
      requirePublishing(accountId);
      const post = get(accountId, id);
      editable(post, 'published');
      model.checkPublishable(accountId, post);
      const outcome = publishPost(publishDeps, post, clock.now());
      if (post.status === 'scheduled') model.scheduleChanged();
      return outcome;
    },

    /** Retry a failed post while `retry_count` is below the cap. */
    retry(accountId: number, id: number): PublishOutcome {
      requirePublishing(accountId);
      const post = get(accountId, id);
      if (post.status !== 'failed') throw new ApiError('not_editable', `Only a failed post can be retried; this one is ${post.status}.`);
      if (post.retry_count >= RETRY_CAP) throw new ApiError('not_editable', `This post was retried ${post.retry_count} times, the cap; edit and schedule or publish it instead.`);
      model.checkPublishable(accountId, post);
      return publishPost(publishDeps, posts.update(id, { retry_count: post.retry_count + 1 }), clock.now());
    },

    capabilities(accountId: number): CapabilitiesData {
      const limits = plan(accountId);
      const tiktok = settings.tiktok(accountId);
      const used = media.bytesUsed(accountId);
      return {
        platforms: {
          instagram: { connected: needs.channels.isConnected(accountId, 'instagram') },
          facebook: { connected: needs.channels.isConnected(accountId, 'facebook') },
          tiktok: { connected: tiktok.connected, username: tiktok.username },
        },
        post_types: ['feed_post', 'carousel', 'reels', 'story'],
        tiktok: {
          privacy_level_options: tiktok.privacy_level_options,
          max_video_post_duration_sec: tiktok.max_video_post_duration_sec,
          duet_disabled: tiktok.duet_disabled,
          stitch_disabled: tiktok.stitch_disabled,
          comment_disabled: tiktok.comment_disabled,
        },
        limits: {
          posts_per_month: limits.postsPerMonth,
          posts_used_this_month: usedInMonth(accountId, clock.now()),
          storage_mb: limits.storageMb,
          storage_used_mb: Math.round((used / MB) * 100) / 100,
          caption_max: CAPTION_MAX,
          collaborators_max: COLLABORATORS_MAX,
          carousel_items: { min: CAROUSEL_MIN, max: CAROUSEL_MAX },
        },
      };
    },

    /** Before judging an upload: the plan, the post, its status (the bytes are judged outside a transaction). */
    checkMediaTarget(accountId: number, postId: number): void {
      requirePublishing(accountId);
      editable(get(accountId, postId), 'given media');
    },

    /** Adds a judged file to a post, all rules checked again in one transaction of its own. */
    addMedia(accountId: number, postId: number, bytes: Uint8Array | null, judged: JudgedPostMedia, position?: number): PostRecord {
      return store.transaction(() => {
        model.checkMediaTarget(accountId, postId);
        const post = get(accountId, postId);
        const after = [...media.facts(post.id), { type: judged.type, duration_ms: judged.duration_ms }];
        const broken = mediaBreak(post.post_type, post.platform, after, settings.tiktok(accountId).max_video_post_duration_sec);
        if (broken) throw fail(broken);
        const left = plan(accountId).storageMb * MB - media.bytesUsed(accountId);
        if (judged.size_bytes > left) {
          throw new ApiError('plan_limit_reached', `Post media storage is full: ${plan(accountId).storageMb} MB on this plan.`, { param: 'file' });
        }
        media.add(accountId, post.id, bytes, judged, position);
        return get(accountId, postId);
      });
    },

    /** `order`: every media id of the post, each once. */
    reorderMedia(accountId: number, postId: number, order: readonly number[]): PostRecord {
      model.checkMediaTarget(accountId, postId);
      const current = media.ofPost(postId).map((item) => item.id);
      const same = order.length === current.length && new Set(order).size === order.length && order.every((id) => current.includes(id));
      if (!same) throw invalidParam('order', `order must list every media id of the post once: ${current.join(', ') || '(none)'}.`);
      media.reorder(order);
      return get(accountId, postId);
    },

    removeMedia(accountId: number, postId: number, mediaId: number): PostRecord {
      model.checkMediaTarget(accountId, postId);
      if (!media.find(postId, mediaId)) throw notFound('Post media item');
      media.remove(postId, mediaId);
      return get(accountId, postId);
    },

    /** The scheduler's turns: scheduled posts when due, publishing posts when the platforms answer; earliest first. */
    dueTurns(): DueTurn[] {
      return posts
        .idsByIndex('scheduled', 'scheduled')
        .map((id) => posts.get(id)!)
        .map((post) => ({ post, at: post.status === 'publishing' ? post.publishing_done_ms! : guards.dueAt(post.scheduled_ms!) }))
        .sort((a, b) => a.at - b.at || a.post.id - b.post.id);
    },

    /** Raw writes for ./publish.ts and the seed. */
    write: (id: number, change: Partial<Omit<PostRecord, 'id' | 'account_id'>>): PostRecord => posts.update(id, change),
    insertRaw: (record: PostRecord): PostRecord => posts.insert(record),
    nextPostId: (): number => store.nextId('post'),
  };
  const publishDeps: PublishDeps = {
    fault: settings.fault,
    connected: model.connected,
    write: model.write,
    present: (post) => present(post, core.settings.publicOrigin),
    emit,
    published: (post, data) => hooks.postPublished.run(post.account_id, publishedView(post, data)),
  };

  /**
   * The scheduler's turn for one post. Scheduled and due: not publishable fails it at once;
   * otherwise it is handed to the platforms, answered at once without a publish latency, or
   * `publishing` until the latency passes (edits are 409 not_editable meanwhile). Publishing and
   * its time come: the platforms answer (published, or failed on a fault), at that instant.
   */
  function runScheduled(post: PostRecord, atMs: number): void {
    const current = posts.get(post.id);
    if (!current) return;
    if (current.status === 'publishing') {
      if (current.publishing_done_ms !== atMs) return;
      publishPost(publishDeps, posts.update(current.id, { publishing_done_ms: null }), atMs);
      return;
    }
    if (current.status !== 'scheduled') return;
    const broken = guards.publishBreak(current, media.facts(current.id));
    if (broken) {
      const failed = posts.update(current.id, { status: 'failed', error_message: broken.message, scheduled_ms: null });
      emit(failed.account_id, 'post.failed', { post: present(failed, core.settings.publicOrigin), error_message: broken.message, results: [] });
      return;
    }
    const latency = settings.publishLatency(current.account_id);
    if (latency === 0) {
      publishPost(publishDeps, current, atMs);
      return;
    }
    posts.update(current.id, { status: 'publishing', publishing_done_ms: atMs + latency });
  }

  const scheduler = createPostScheduler(core, dueClock, {
    due: () => model.dueTurns(),
    run: runScheduled,
  });

  return { ...model, scheduler };
}

export type PostsModel = ReturnType<typeof createPostsModel>;
