/** Market intelligence: competitors, snapshots on the virtual clock, and a deterministic social world. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { channelsGroup } from '../channels/index.js';
import { createMarketModel } from './model.js';
import { marketMutants } from './mutants.js';
import { marketPull } from './pull.js';
import { marketRoutes } from './routes.js';
import { marketPowers } from './sandbox.js';
import { marketSeed } from './seed.js';

export const marketGroup = defineGroup({
  name: 'market',
  description:
    'Market intelligence (2.30, 3.7, 4.16, 8): tracked competitors with plan slots, daily snapshots on the virtual clock, leaderboard, history, wins, audience, top posts, live insights and a 5-minute refresh, over a deterministic social world.',
  needs: [accountGroup, channelsGroup],
  model: ({ core, needs }) => createMarketModel(core, needs),
  listen: ({ model, core }) => {
    core.lifecycle.started.add(() => model.daily.start());
    core.lifecycle.restored.add(() => model.daily.start());
    core.lifecycle.closing.add(() => model.daily.stop());
    core.clock.onJump((now, previous) => model.daily.onJump(now, previous));
  },
  routes: marketRoutes,
  seed: marketSeed,
  pull: marketPull,
  sandbox: marketPowers,
  mutants: marketMutants,
});
