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
    // A session with an id comes from a pulled seed: a snapshot, whose contacts and counters already hold what it did.
    each('flow_sessions', flow_sessions, ({ id, ...session }) => model.seed.load(accountId, session, id !== undefined));
    model.seed.finish(accountId);
  },
});
