/** The `comment_triggers` section of a seed account (docs/fixtures.md): triggers as stored state. */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { CommentTriggersModel } from './model.js';
import { SeedTrigger } from './schemas.js';

export const commentTriggerSeed = seedFor<CommentTriggersModel>()({
  fields: { comment_triggers: z.array(SeedTrigger).optional() },
  defaults,
  ids: { comment_triggers: 'comment_trigger' },
  apply: ({ model, accountId, each }, { comment_triggers }) => {
    each('comment_triggers', comment_triggers, (trigger) => void model.load(accountId, trigger));
  },
});
