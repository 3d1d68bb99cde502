/** AI configuration (nine sections) and the per-channel AI switches over the channel connections. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { channelsGroup } from '../channels/index.js';
import { createAiConfigModel, aiConfigHooks } from './model.js';
import { aiConfigMutants } from './mutants.js';
import { aiConfigPull } from './pull.js';
import { aiConfigRoutes } from './routes.js';
import { aiConfigPowers } from './sandbox.js';
import { aiConfigSeed } from './seed.js';

export const aiConfigGroup = defineGroup({
  name: 'aiConfig',
  description:
    'AI configuration (2.17, 2.18, 4.11): nine sections with plan gates, clamps and rejections; per-channel AI switches over the channel connections; the booking section appointments read.',
  needs: [accountGroup, channelsGroup],
  hooks: aiConfigHooks,
  model: ({ core, needs, hooks }) => createAiConfigModel(core, needs, hooks),
  routes: aiConfigRoutes,
  seed: aiConfigSeed,
  pull: aiConfigPull,
  sandbox: aiConfigPowers,
  mutants: aiConfigMutants,
});
