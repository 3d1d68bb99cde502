/** HTTP for posts (4.15): capabilities, CRUD, the 3.5 actions, and post media. The rules are the model's. */
import { errorBody, ApiError } from '../../core/errors.js';
import { created, listResult, ok, type RouteResult } from '../../core/route.js';
import type { NormalizedRequest } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import { routesFor, type Gate } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import { createPostMediaProbe, judgedOrThrow } from './probe.js';
import { POST_MEDIA_MAX_BODY_BYTES } from './limits.js';
import type { PostsModel } from './model.js';
import type { PublishOutcome } from './publish.js';
import {
  Capabilities,
  CreatePostBody,
  DeletedPost,
  ListPostsQuery,
  MediaOrderBody,
  PatchPostBody,
  Post,
  PostMediaParams,
  ScheduleBody,
  UploadPostMediaBody,
} from './schemas.js';

const tag = 'Posts';
const route = routesFor<PostsModel>();
/** Below the creator tier, checked before the id, the query or the body is looked at (8). */
const contentPublishing: Gate<PostsModel> = ({ accountId }, { model }) => model.requirePublishing(accountId);

/** Where the caller reached us, for media URLs (the runtimes say; in-process calls use the setting). */
const originOf = (request: NormalizedRequest, core: CoreServices): string => request.origin ?? core.settings.publicOrigin;

/**
 * A rejected publish is 422 publish_failed with the post and per-platform `results` (7.1), and the
 * post stays `failed`: the answer is returned, not thrown, so the transaction keeps the change.
 */
function publishAnswer(outcome: PublishOutcome, model: PostsModel, origin: string): RouteResult {
  const post = model.present(outcome.post, origin);
  if (outcome.ok) return ok(post);
  const error = new ApiError('publish_failed', `A platform rejected the post: ${outcome.post.error_message ?? 'no reason given'}`, {
    extra: { post, results: outcome.results },
  });
  return { status: 422, body: errorBody(error) };
}

const postSuccess = { statuses: [200], schema: Post, envelope: 'data' } as const;

export const postRoutes = [
  route({
    operationId: 'getPostCapabilities',
    method: 'GET',
    path: '/posts/capabilities',
    tag,
    summary: 'What this account can publish: connected platforms, post types, TikTok options, plan limits and usage',
    description: 'Readable on every plan (a plan without content publishing shows posts_per_month 0), so an integration can tell why posting is refused.',
    section: '2.26',
    scope: 'read',
    scopeSource: 'assumption',
    success: { statuses: [200], schema: Capabilities, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.capabilities(caller.accountId)),
  }),

  route({
    operationId: 'listPosts',
    method: 'GET',
    path: '/posts',
    tag,
    summary: 'Posts newest first; filters status, platform (a target) and post_type',
    section: '4.15',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListPostsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: Post, envelope: 'list' },
    errors: ['feature_unavailable'],
    gate: contentPublishing,
    handler: ({ caller, query, page, request }, { model, core }) => {
      const found = model.list(caller.accountId, query, page);
      return listResult({ ...found, data: found.data.map((post) => model.present(post, originOf(request, core))) });
    },
  }),

  route({
    operationId: 'createPost',
    method: 'POST',
    path: '/posts',
    tag,
    summary: 'Create a post: a draft, or scheduled when scheduled_at is a future instant',
    description:
      '`platform` expands to `targets`; TikTok takes feed_post and reels only; caption up to 2,200; hashtags without #; up to 3 collaborators; a DM mode of comment_auto_reply needs at least 2 buttons; first_comment, collaborators and comment_auto_reply are not applied to TikTok-only posts; `tiktok` is kept only when a target is TikTok. Scheduled plus published posts per month are capped by plan (403 plan_limit_reached); below the creator tier 403 feature_unavailable.',
    section: '4.15',
    scope: 'write',
    scopeSource: 'spec',
    body: CreatePostBody,
    bodyRequired: true,
    success: { statuses: [201], schema: Post, envelope: 'data' },
    errors: ['feature_unavailable', 'plan_limit_reached'],
    gate: contentPublishing,
    handler: ({ caller, body, request }, { model, core }) => created(model.present(model.create(caller.accountId, body), originOf(request, core))),
  }),

  route({
    operationId: 'getPost',
    method: 'GET',
    path: '/posts/{id}',
    tag,
    summary: 'One post; unknown or another account’s gives 404',
    section: '4.15',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: postSuccess,
    errors: ['feature_unavailable'],
    gate: contentPublishing,
    handler: ({ caller, params, request }, { model, core }) => ok(model.present(model.get(caller.accountId, params.id), originOf(request, core))),
  }),

  route({
    operationId: 'updatePost',
    method: 'PATCH',
    path: '/posts/{id}',
    tag,
    summary: 'Change a draft, scheduled or failed post (the create fields); scheduled_at null returns it to draft',
    section: '4.15',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchPostBody,
    success: postSuccess,
    errors: ['feature_unavailable', 'plan_limit_reached', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params, body, request }, { model, core }) => ok(model.present(model.update(caller.accountId, params.id, body), originOf(request, core))),
  }),

  route({
    operationId: 'deletePost',
    method: 'DELETE',
    path: '/posts/{id}',
    tag,
    summary: 'Delete a draft, scheduled or failed post and its media; a published post is 409 not_editable',
    section: '4.15',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: DeletedPost, envelope: 'data' },
    errors: ['feature_unavailable', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params }, { model }) => ok({ id: model.remove(caller.accountId, params.id).id, object: 'post', deleted: true }),
  }),

  route({
    operationId: 'publishPost',
    method: 'POST',
    path: '/posts/{id}/publish',
    tag,
    summary: 'Publish now: needs a caption (stories excepted), media for any Instagram target, 2+ items for a carousel',
    description:
      'Also the media the kind of post cannot exist without, on every platform: a Reel its video, a story an image or a video, a TikTok post a photo or a video (only a Facebook feed post may be text alone); else 400 invalid_param naming media. A cover_offset_ms must fall inside the post\'s video (0 to its duration minus 1 ms), else 400 naming cover_offset_ms. Nothing changes on a 400; the scheduler fails a due post for the same reasons. A platform rejection leaves the post failed and answers 422 publish_failed with the post and per-platform results.',
    section: '3.5',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: EmptyBody,
    success: postSuccess,
    errors: ['feature_unavailable', 'plan_limit_reached', 'not_editable', 'not_connected', 'publish_failed'],
    gate: contentPublishing,
    handler: ({ caller, params, request }, { model, core }) => publishAnswer(model.publishNow(caller.accountId, params.id), model, originOf(request, core)),
  }),

  route({
    operationId: 'schedulePost',
    method: 'POST',
    path: '/posts/{id}/schedule',
    tag,
    summary: 'Schedule a draft, scheduled or failed post at a future instant; post.scheduled fires at once',
    section: '3.5',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: ScheduleBody,
    bodyRequired: true,
    success: postSuccess,
    errors: ['feature_unavailable', 'plan_limit_reached', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params, body, request }, { model, core }) =>
      ok(model.present(model.schedule(caller.accountId, params.id, body.scheduled_at), originOf(request, core))),
  }),

  route({
    operationId: 'unschedulePost',
    method: 'POST',
    path: '/posts/{id}/unschedule',
    tag,
    summary: 'Return a scheduled post to draft',
    section: '3.5',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: EmptyBody,
    success: postSuccess,
    errors: ['feature_unavailable', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params, request }, { model, core }) => ok(model.present(model.unschedule(caller.accountId, params.id), originOf(request, core))),
  }),

  route({
    operationId: 'retryPost',
    method: 'POST',
    path: '/posts/{id}/retry',
    tag,
    summary: 'Republish a failed post while retry_count is below the cap (3)',
    section: '3.5',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: EmptyBody,
    success: postSuccess,
    errors: ['feature_unavailable', 'plan_limit_reached', 'not_editable', 'not_connected', 'publish_failed'],
    gate: contentPublishing,
    handler: ({ caller, params, request }, { model, core }) => publishAnswer(model.retry(caller.accountId, params.id), model, originOf(request, core)),
  }),

  route({
    operationId: 'uploadPostMedia',
    method: 'POST',
    path: '/posts/{id}/media',
    tag,
    summary: 'Add one media item (multipart `file`, optional `sort_order`); returns the post',
    description:
      'Judged from the bytes: JPEG, PNG or WebP up to 8 MB and 320 to 1440 px wide; MP4 or MOV up to 1 GB (400 invalid_param naming `file` past the limits; a declared body past 1 GB + 1 MB is 413, refused before it is read). Reels: one video of 3 s to 15 min; stories: videos up to 60 s; a carousel: up to 10 items; other types: one item. Storage is capped by plan (403 plan_limit_reached).',
    section: '4.15',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    bodyType: 'multipart',
    // Inspected as it streams (./probe.ts): a 1 GB video is never held whole.
    fileSink: createPostMediaProbe,
    bodyRequired: true,
    maxBodyBytes: POST_MEDIA_MAX_BODY_BYTES,
    body: UploadPostMediaBody,
    success: postSuccess,
    errors: ['feature_unavailable', 'plan_limit_reached', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params, body, request }, { model, core }) => {
      model.checkMediaTarget(caller.accountId, params.id);
      const judged = judgedOrThrow(body.file.content);
      const post = model.addMedia(caller.accountId, params.id, body.file.content.bytes, judged, body.sort_order);
      return ok(model.present(post, originOf(request, core)));
    },
  }),

  route({
    operationId: 'reorderPostMedia',
    method: 'PATCH',
    path: '/posts/{id}/media',
    tag,
    summary: 'Reorder a post’s media: `order` lists every media id once',
    section: '4.15',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: MediaOrderBody,
    success: postSuccess,
    errors: ['feature_unavailable', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params, body, request }, { model, core }) =>
      ok(model.present(model.reorderMedia(caller.accountId, params.id, body.order), originOf(request, core))),
  }),

  route({
    operationId: 'deletePostMedia',
    method: 'DELETE',
    path: '/posts/{id}/media/{mediaId}',
    tag,
    summary: 'Remove one media item from a post; returns the post',
    section: '4.15',
    scope: 'write',
    scopeSource: 'spec',
    params: PostMediaParams,
    success: postSuccess,
    errors: ['feature_unavailable', 'not_editable'],
    gate: contentPublishing,
    handler: ({ caller, params, request }, { model, core }) =>
      ok(model.present(model.removeMedia(caller.accountId, params.id, params.mediaId), originOf(request, core))),
  }),
];
