/**
 * The public URLs of post media: `GET /_media/posts/<token>.<ext>` answers the file's bytes with
 * its type, without a key, like a CDN. A deleted item's URL, or a video too large for the sandbox
 * to keep (record.ts KEEP_BYTES_MAX), answers 404.
 */
import { z } from 'zod';
import { notFound } from '../../core/errors.js';
import { fileResult } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { POST_MEDIA_PATH } from './media.js';
import type { PostsModel } from './model.js';

const route = routesFor<PostsModel>();

export const postFileRoutes = [
  route({
    operationId: 'getPostMediaFile',
    method: 'GET',
    path: `${POST_MEDIA_PATH}/{file}`,
    tag: 'Posts',
    summary: 'The bytes of a post media item (public, no key)',
    section: '4.15',
    scope: 'read',
    scopeSource: 'assumption',
    params: z.object({ file: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp|mp4|mov)$/) }),
    success: {
      statuses: [200],
      schema: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
      envelope: 'none',
      description: 'The file, with its Content-Type.',
    },
    handler: ({ params }, { model }) => {
      const file = model.media.file(params.file);
      if (!file) throw notFound('Post media file');
      return fileResult(file.bytes, file.mime, { 'Cache-Control': 'public, max-age=31536000, immutable' });
    },
  }),
];
