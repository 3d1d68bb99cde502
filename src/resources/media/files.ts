/**
 * The public media URLs: `GET /_media/<token>.<ext>` answers the file's bytes with its type,
 * without a key, like a CDN. The token is the capability; a deleted item's URL answers 404.
 */
import { z } from 'zod';
import { notFound } from '../../core/errors.js';
import { fileResult } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { MediaModel } from './model.js';
import { MediaFileParams } from './schemas.js';

const route = routesFor<MediaModel>();

export const mediaFileRoutes = [
  route({
    operationId: 'getMediaFile',
    method: 'GET',
    path: '/{file}',
    tag: 'Media library',
    summary: 'The bytes of a media item (public, no key)',
    section: '4.13',
    scope: 'read',
    scopeSource: 'assumption',
    params: MediaFileParams,
    success: {
      statuses: [200],
      schema: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
      envelope: 'none',
      description: 'The file, with its Content-Type.',
    },
    handler: ({ params }, { model }) => {
      const file = model.file(params.file);
      if (!file) throw notFound('Media file');
      return fileResult(file.bytes, file.mime, { 'Cache-Control': 'public, max-age=31536000, immutable' });
    },
  }),
];
