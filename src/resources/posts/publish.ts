/**
 * Publishing a post to its targets (3.5): each platform either takes it (and answers an id) or
 * rejects it (a sandbox fault per platform, ./settings.ts). All taken: `published`,
 * `post.published`, the `postPublished` hook. Any rejection: `failed` with the platforms'
 * messages in `error_message`, `post.failed`; ids of the platforms that took it are kept, so a
 * retry republishes only to the others. Publish now, retry and the scheduler all come here.
 */
import { formatTimestamp } from '../../core/clock.js';
import type { PostRecord } from './record.js';
import { TARGETS_OF } from './rules.js';
import type { PostData, PublishedIdsData, PublishResultData, Target } from './schemas.js';

export interface PublishDeps {
  readonly fault: (accountId: number, target: Target) => string | null;
  readonly connected: (accountId: number, target: Target) => boolean;
  readonly write: (id: number, change: Partial<Omit<PostRecord, 'id' | 'account_id'>>) => PostRecord;
  readonly present: (post: PostRecord) => PostData;
  readonly emit: (accountId: number, type: string, data: Record<string, unknown>) => void;
  readonly published: (post: PostRecord, data: PostData) => void;
}

export interface PublishOutcome {
  readonly post: PostRecord;
  readonly ok: boolean;
  readonly results: PublishResultData[];
}

/** Deterministic platform ids, shaped like each platform's own. */
function mintId(post: PostRecord, target: Target): Partial<PublishedIdsData> {
  const n = String(post.id).padStart(9, '0');
  if (target === 'instagram') return { instagram_media_id: `17900${n}${String(post.account_id).padStart(3, '0')}` };
  if (target === 'facebook') return { facebook_post_id: `10000000${String(post.account_id).padStart(7, '0')}_${n}` };
  return { tiktok_video_id: `74${n}${String(post.account_id).padStart(8, '0')}`, tiktok_publish_id: `v_pub_url~v2.${n}` };
}

const idOf = (ids: PublishedIdsData, target: Target): string | null =>
  target === 'instagram' ? ids.instagram_media_id : target === 'facebook' ? ids.facebook_post_id : ids.tiktok_video_id;

export function publishPost(deps: PublishDeps, post: PostRecord, atMs: number): PublishOutcome {
  let ids: PublishedIdsData = { ...post.published_ids };
  const results: PublishResultData[] = [];
  for (const target of TARGETS_OF[post.platform]) {
    const existing = idOf(ids, target);
    if (existing !== null) {
      results.push({ platform: target, ok: true, id: existing, error_message: null });
      continue;
    }
    const refusal = !deps.connected(post.account_id, target) ? `The ${target} account is not connected.` : deps.fault(post.account_id, target);
    if (refusal !== null) {
      results.push({ platform: target, ok: false, id: null, error_message: refusal });
      continue;
    }
    ids = { ...ids, ...mintId(post, target) };
    results.push({ platform: target, ok: true, id: idOf(ids, target), error_message: null });
  }
  const failures = results.filter((result) => !result.ok);
  if (failures.length === 0) {
    const next = deps.write(post.id, { status: 'published', published_at: formatTimestamp(atMs), published_ids: ids, error_message: null, scheduled_ms: null });
    const data = deps.present(next);
    deps.emit(next.account_id, 'post.published', { post: data });
    deps.published(next, data);
    return { post: next, ok: true, results };
  }
  const message = failures.map((failure) => `${failure.platform}: ${failure.error_message}`).join('; ');
  const next = deps.write(post.id, { status: 'failed', published_ids: ids, error_message: message, scheduled_ms: null });
  deps.emit(next.account_id, 'post.failed', { post: deps.present(next), error_message: message, results });
  return { post: next, ok: false, results };
}
