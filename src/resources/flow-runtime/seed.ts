/** The `flow_sessions` section of a seed account (docs/fixtures.md): sessions with their events (./seed-load.ts). */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { RuntimeModel, RuntimeNeeds } from './model.js';
import { SeedFlowSession } from './seed-schemas.js';

export const runtimeSeed = seedFor<RuntimeModel, RuntimeNeeds>()({
  fields: { flow_sessions: z.array(SeedFlowSession).optional() },
  defaults,
  ids: { flow_sessions: 'flow_session' },
  apply: ({ model, accountId, each }, { flow_sessions }) => {
    each('flow_sessions', flow_sessions, ({ id: _id, ...session }) => model.seed.load(accountId, session));
    model.seed.finish(accountId);
  },
});
