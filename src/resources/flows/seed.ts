/** The `flows` section of a seed account (docs/fixtures.md): flows with their published versions, draft and counters. */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { oneCreationTime, SeedCreatedFields, seededCreatedAt } from '../shared/seed-created.js';
import { TagName } from '../tags/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { FlowsModel, FlowsNeeds } from './model.js';
import { FLOW_STATUSES, FlowChannels, FlowName } from './schemas.js';

export const SeedFlow = z
  .strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
    name: FlowName,
    status: z.enum(FLOW_STATUSES).describe('draft: a draft and no versions; active or paused: at least one published version.'),
    channels: FlowChannels.optional(),
    tag: TagName.optional().describe('The name of a tag of this account, applied to everyone entering.'),
    priority: z.number().int().min(-1000).max(1000).optional(),
    versions: z.array(z.unknown()).max(20).optional().describe('Published definitions, oldest first; the last one runs.'),
    draft: z.unknown().optional().describe('Unpublished changes (the definition GET /flows/{id} shows).'),
    stats: z
      .strictObject({ entries: z.number().int().min(0), completions: z.number().int().min(0) })
      .refine((stats) => stats.completions <= stats.entries, { path: ['completions'], message: 'must not exceed entries' })
      .optional(),
    ...SeedCreatedFields,
  })
  .refine(...oneCreationTime)
  .describe('A flow as stored; every definition is validated as the API would.');

export const flowSeed = seedFor<FlowsModel, FlowsNeeds>()({
  fields: { flows: z.array(SeedFlow).optional() },
  defaults,
  ids: { flows: 'flow' },
  apply: ({ model, accountId, each, core }, { flows }) => {
    const now = core.clock.now();
    each('flows', flows, (item) => {
      const { id: _id, created_ago: _ago, ...flow } = item;
      const created_at = seededCreatedAt(item, now);
      model.load(accountId, { ...flow, ...(created_at === undefined ? {} : { created_at }) });
    });
  },
});
