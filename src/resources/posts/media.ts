/**
 * The media of posts (4.15): items in a post's order, judged from their bytes before they are
 * added (./inspect.ts), with public URLs under `/_media/posts/`. Bytes are kept (base64) for files
 * up to KEEP_BYTES_MAX; a larger video keeps its judged metadata only (docs/decisions.md, "Posts").
 */
import { sha256Hex } from '../../core/hash.js';
import { PUBLIC_PREFIX } from '../../core/paths.js';
import type { CoreServices } from '../../groups/services.js';
import { base64ToBytes, bytesToBase64 } from '../media/bytes.js';
import type { JudgedPostMedia, PostMediaMime } from './inspect.js';
import { KEEP_BYTES_MAX, PostMediaRecordSchema, type PostMediaRecord } from './record.js';
import type { MediaFacts } from './rules.js';

export interface PostMediaView {
  readonly id: number;
  readonly type: 'image' | 'video';
  readonly mime_type: PostMediaMime;
  readonly url: string;
  readonly size_bytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly duration_ms: number | null;
  readonly sort_order: number;
  readonly created_at: string;
}

export const POST_MEDIA_PATH = '/posts';

export function createPostMedia(core: CoreServices) {
  const { store, clock } = core;
  const items = store.define<PostMediaRecord>(
    'post_media',
    {
      post: { key: (item) => String(item.post_id) },
      file: { unique: true, key: (item) => item.file_name },
    },
    { schema: PostMediaRecordSchema, sequence: 'post_media' },
  );

  /** A post's items in their order. */
  function ofPost(postId: number): PostMediaRecord[] {
    return items
      .idsByIndex('post', String(postId))
      .map((id) => items.get(id)!)
      .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  }

  /** Renumbers `ordered` 0, 1, 2, ... */
  function renumber(ordered: readonly PostMediaRecord[]): void {
    ordered.forEach((item, index) => {
      if (item.sort_order !== index) items.update(item.id, { sort_order: index });
    });
  }

  return {
    ofPost,
    facts: (postId: number): MediaFacts[] => ofPost(postId).map(({ type, duration_ms }) => ({ type, duration_ms })),

    present: (postId: number, origin: string): PostMediaView[] =>
      ofPost(postId).map((item) => ({
        id: item.id,
        type: item.type,
        mime_type: item.mime_type,
        url: `${origin}${PUBLIC_PREFIX}${POST_MEDIA_PATH}/${item.file_name}`,
        size_bytes: item.size_bytes,
        width: item.width,
        height: item.height,
        // Whole milliseconds, rounded up: frames run from 0 to just before it, so `cover_offset_ms`
        // may be 0 to duration_ms - 1, as the cover rule judges on the exact value.
        duration_ms: item.duration_ms === null ? null : Math.ceil(item.duration_ms),
        sort_order: item.sort_order,
        created_at: item.created_at,
      })),

    bytesUsed(accountId: number): number {
      let total = 0;
      for (const item of items.ofAccount(accountId)) total += item.size_bytes;
      return total;
    },

    /**
     * Adds a judged file at `position` (default last); the others move along. `bytes` is null for
     * a file too large to keep (the upload probe let go of it while it streamed). `created_at`
     * is now, except for a seeded post's files, which came with the post.
     */
    add(accountId: number, postId: number, bytes: Uint8Array | null, judged: JudgedPostMedia, position?: number, created_at: string = clock.iso()): PostMediaRecord {
      const current = ofPost(postId);
      const id = store.nextId('post_media');
      // Deterministic, so two simulators given the same requests serve the same URLs.
      const token = sha256Hex(`post-media:${accountId}:${postId}:${id}:${created_at}:${judged.size_bytes}`).slice(0, 32);
      const item = items.insert({
        id,
        account_id: accountId,
        post_id: postId,
        mime_type: judged.mime,
        type: judged.type,
        size_bytes: judged.size_bytes,
        width: judged.width,
        height: judged.height,
        duration_ms: judged.duration_ms,
        sort_order: current.length,
        created_at,
        file_name: `${token}.${judged.extension}`,
        data: bytes !== null && bytes.length <= KEEP_BYTES_MAX ? bytesToBase64(bytes) : null,
      });
      const at = Math.min(position ?? current.length, current.length);
      renumber([...current.slice(0, at), item, ...current.slice(at)]);
      return item;
    },

    /** The item of this post, or undefined. */
    find(postId: number, mediaId: number): PostMediaRecord | undefined {
      const item = items.get(mediaId);
      return item && item.post_id === postId ? item : undefined;
    },

    remove(postId: number, mediaId: number): void {
      items.remove(mediaId);
      renumber(ofPost(postId));
    },

    /** `order` is every id of the post, each once (the caller checked). */
    reorder(order: readonly number[]): void {
      renumber(order.map((id) => items.get(id)!));
    },

    removeAll(postId: number): void {
      for (const item of ofPost(postId)) items.remove(item.id);
    },

    /** The public file (no account: the URL is the capability); undefined once deleted or not kept. */
    file(fileName: string): { bytes: Uint8Array; mime: PostMediaMime } | undefined {
      const item = items.findUnique('file', fileName);
      return item && item.data !== null ? { bytes: base64ToBytes(item.data), mime: item.mime_type } : undefined;
    },
  };
}

export type PostMediaModel = ReturnType<typeof createPostMedia>;
