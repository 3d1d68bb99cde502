/** The `tags` section of a seed account (docs/fixtures.md): tag definitions, in order. */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { TagsModel } from './model.js';
import { oneCreationTime, SeedCreatedFields, seededCreatedAt } from '../shared/seed-created.js';
import { TagColor, TagName } from './schemas.js';

export const SeedTag = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  name: TagName,
  color: TagColor.optional(),
  ...SeedCreatedFields,
}).refine(...oneCreationTime);

export const tagSeed = seedFor<TagsModel>()({
  fields: { tags: z.array(SeedTag).optional() },
  defaults,
  ids: { tags: 'tag' },
  apply: ({ model, core, accountId, each }, { tags }) => {
    const now = core.clock.now();
    each('tags', tags, (tag) => {
      if (!model.create(accountId, tag.name, tag.color, seededCreatedAt(tag, now)).created) throw new Error(`duplicate tag ${tag.name}`);
    });
  },
});
