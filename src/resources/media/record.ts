/**
 * What a restore checks of the media library (store/rules.ts): the stored item, strictly, with
 * its bytes as base64 whose length agrees with `size_bytes`, and a type, kind and public file
 * name that agree with each other (the public URL is served by that name and type).
 */
import { z } from 'zod';
import { storedRecord, Timestamp } from '../shared/schemas.js';
import { MEDIA_TYPES } from './inspect.js';
import { DESCRIPTION_MAX, NAME_MAX, VIDEO_MAX_BYTES } from './limits.js';
import { MEDIA_CATEGORIES } from './schemas.js';

const MIMES = Object.keys(MEDIA_TYPES) as [keyof typeof MEDIA_TYPES, ...(keyof typeof MEDIA_TYPES)[]];

export const MediaRecordSchema = storedRecord({
  name: z.string().min(1).max(NAME_MAX),
  description: z.string().min(1).max(DESCRIPTION_MAX).nullable(),
  category: z.enum(MEDIA_CATEGORIES),
  mime_type: z.enum(MIMES),
  kind: z.enum(['image', 'video']),
  size_bytes: z.number().int().min(1).max(VIDEO_MAX_BYTES),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  usage_count: z.number().int().min(0),
  created_at: Timestamp,
  file_name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|mp4|mov)$/, 'a 32-hex token and the extension of its type'),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 (standard alphabet, padded)'),
}).superRefine((item, ctx) => {
  const type = MEDIA_TYPES[item.mime_type];
  if (item.kind !== type.kind) ctx.addIssue({ code: 'custom', path: ['kind'], message: `${item.mime_type} is a ${type.kind}` });
  if (!item.file_name.endsWith(`.${type.extension}`)) ctx.addIssue({ code: 'custom', path: ['file_name'], message: `${item.mime_type} files end in .${type.extension}` });
  if (item.data.length !== Math.ceil(item.size_bytes / 3) * 4) ctx.addIssue({ code: 'custom', path: ['data'], message: `does not hold ${item.size_bytes} bytes` });
});
