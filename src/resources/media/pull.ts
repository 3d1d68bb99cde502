/**
 * The media library read back (`seed pull`): each item's id, name, description, category, usage
 * count and creation time, in id order. The file bytes are not fetched (they are the account's
 * content, and GET /media describes them without carrying them): a pulled item is served by the
 * built-in sample file of the same type (./samples.ts), a marked placeholder, so its URL answers,
 * but `size_bytes`, `width` and `height` are the placeholder's. A plan without the library
 * (403 `feature_unavailable`) pulls as no items.
 */
import { unlessRefused, type PullApi, type PullSpec } from '../../groups/pull.js';
import type { SampleName } from './samples.js';
import type { MediaItemData } from './schemas.js';

/** The placeholder file for each type the library accepts. */
const PLACEHOLDER: Readonly<Record<MediaItemData['mime_type'], SampleName>> = {
  'image/jpeg': 'product.jpg',
  'image/png': 'pricing.png',
  'video/mp4': 'testimonial.mp4',
  'video/quicktime': 'clip.mov',
};

async function pullMedia(api: PullApi) {
  const items = await unlessRefused(api.all<MediaItemData>('/media'), ['feature_unavailable'], []);
  return [...items]
    .sort((a, b) => a.id - b.id)
    .map((item) => ({
      id: item.id,
      sample: PLACEHOLDER[item.mime_type],
      name: item.name,
      description: item.description,
      category: item.category,
      usage_count: item.usage_count,
      created_at: item.created_at,
    }));
}

export const mediaPull: PullSpec = {
  sections: [{ field: 'media', value: pullMedia }],
};
