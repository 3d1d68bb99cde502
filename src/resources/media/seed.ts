/**
 * The `media` section of a seed account (docs/fixtures.md): items made of the small real files
 * in ./samples.ts, named by `sample`, so the JSON stays small and every seeded URL serves a file a
 * browser can show. Width and height come from the file's header, as for an upload.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import { base64ToBytes } from './bytes.js';
import { imageDimensions, MEDIA_TYPES, type Judged } from './inspect.js';
import { DESCRIPTION_MAX, NAME_MAX } from './limits.js';
import type { MediaModel } from './model.js';
import { SAMPLE_NAMES, SAMPLES, type SampleName } from './samples.js';
import { MEDIA_CATEGORIES } from './schemas.js';
import { Timestamp } from '../shared/schemas.js';

export const SeedMedia = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  sample: z.enum(SAMPLE_NAMES).describe('One of the built-in files.'),
  name: z.string().min(1).max(NAME_MAX),
  description: z.string().max(DESCRIPTION_MAX).nullable().optional(),
  category: z.enum(MEDIA_CATEGORIES).optional(),
  usage_count: z.number().int().min(0).optional(),
  created_at: Timestamp.optional().describe('Keep this creation time (a pulled seed); default the load time.'),
});

/** A built-in file as an upload would be judged (its type is known; images' sizes are read). */
function sampleFile(name: SampleName): { bytes: Uint8Array; judged: Judged } {
  const sample = SAMPLES[name];
  const bytes = base64ToBytes(sample.base64);
  const type = MEDIA_TYPES[sample.mime];
  const size = type.kind === 'image' ? imageDimensions(bytes) : undefined;
  return { bytes, judged: { mime: sample.mime, kind: type.kind, extension: type.extension, width: size?.width ?? null, height: size?.height ?? null } };
}

export const mediaSeed = seedFor<MediaModel>()({
  fields: { media: z.array(SeedMedia).optional() },
  defaults,
  ids: { media: 'media_item' },
  apply: ({ model, accountId, each }, { media }) => {
    each('media', media, ({ sample, id: _id, ...item }) => {
      const { bytes, judged } = sampleFile(sample);
      model.add(accountId, item, bytes, judged);
    });
  },
});
