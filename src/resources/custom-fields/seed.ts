/** The `custom_fields` section of a seed account (docs/fixtures.md): definitions, in order. */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { CustomFieldsModel } from './model.js';
import { oneCreationTime, SeedCreatedFields, seededCreatedAt } from '../shared/seed-created.js';
import { CustomFieldTypeSchema, FieldKey, FieldLabel } from './schemas.js';

export const SeedCustomField = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  field_key: FieldKey,
  label: FieldLabel,
  type: CustomFieldTypeSchema.default('text'),
  archived: z.boolean().default(false),
  ...SeedCreatedFields,
}).refine(...oneCreationTime);

export const customFieldSeed = seedFor<CustomFieldsModel>()({
  fields: { custom_fields: z.array(SeedCustomField).optional() },
  defaults,
  ids: { custom_fields: 'custom_field' },
  apply: ({ model, core, accountId, each }, { custom_fields }) => {
    const now = core.clock.now();
    each('custom_fields', custom_fields, (field) => {
      const result = model.create(accountId, field, seededCreatedAt(field, now));
      if (!result.created) throw new Error(`duplicate custom field ${field.field_key}`);
      if (field.archived) model.update(accountId, result.field.id, { archived: true });
    });
  },
});
