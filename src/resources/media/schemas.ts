/** Media library shapes (2.20, 4.13): the item, the multipart upload, the PATCH body. No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { FilePart, Timestamp } from '../shared/schemas.js';
import { DESCRIPTION_MAX, NAME_MAX } from './limits.js';

export const MEDIA_CATEGORIES = ['transformation', 'testimonial', 'before_after', 'product', 'pricing', 'general'] as const;

const Name = z.string().min(1).max(NAME_MAX).regex(/\S/, 'must not be blank');

export const MediaItem = named(
  'MediaItem',
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    category: z.enum(MEDIA_CATEGORIES),
    url: z.string().describe('Public URL the sandbox serves without a key (`/_media/...`).'),
    mime_type: z.enum(['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime']).describe('Judged from the bytes.'),
    kind: z.enum(['image', 'video']),
    size_bytes: z.number().int(),
    width: z.number().int().nullable().describe('Images: from the file header; null for videos.'),
    height: z.number().int().nullable(),
    usage_count: z.number().int(),
    created_at: Timestamp,
  }),
);

export const UploadMediaBody = z.strictObject({
  file: FilePart.describe('JPEG or PNG up to 8 MB, MP4 or MOV up to 25 MB; the type is read from the bytes.'),
  name: Name.describe(`1 to ${NAME_MAX} characters.`),
  description: z.string().max(DESCRIPTION_MAX).optional().describe(`Up to ${DESCRIPTION_MAX} characters; "" means none.`),
  category: z.enum(MEDIA_CATEGORIES).optional().describe('Default general.'),
});

/** At least one field: refused after the item is found (core/empty-patch.ts). */
export const PatchMediaBody = z.strictObject({
  name: Name.optional(),
  description: z.string().max(DESCRIPTION_MAX).nullable().optional().describe('"" or null clears it.'),
  category: z.enum(MEDIA_CATEGORIES).optional(),
});
export const UPDATABLE_MEDIA_FIELDS = Object.keys(PatchMediaBody.shape);

export const DeletedMedia = named(
  'DeletedMedia',
  z.object({ id: z.number().int(), object: z.literal('media'), deleted: z.literal(true) }),
);

/** `/_media/{file}`: the token and the extension. */
export const MediaFileParams = z.object({ file: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|mp4|mov)$/) });

export type MediaItemData = z.infer<typeof MediaItem>;
export type UploadMedia = z.infer<typeof UploadMediaBody>;
export type PatchMedia = z.infer<typeof PatchMediaBody>;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];
