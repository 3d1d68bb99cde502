/** Publishing (2.25, 2.26, 3.5, 4.15): posts, capabilities, post media judged by their bytes, the scheduler. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { channelsGroup } from '../channels/index.js';
import { postEvents } from './events.js';
import { postFileRoutes } from './files.js';
import { createPostsModel, postHooks } from './model.js';
import { postMutants } from './mutants.js';
import { postPull } from './pull.js';
import { postRoutes } from './routes.js';
import { postPowers } from './sandbox.js';
import { postSeed } from './seed.js';

export const postsGroup = defineGroup({
  name: 'posts',
  description:
    'Publishing (2.25, 2.26, 3.5, 4.15): drafts, scheduling and publishing to Instagram, Facebook and TikTok, capabilities, post media judged by their bytes, and the scheduler on the virtual clock.',
  needs: [accountGroup, channelsGroup],
  hooks: postHooks,
  model: ({ core, needs, hooks }) => createPostsModel(core, needs, hooks),
  listen: ({ model, core }) => {
    core.lifecycle.started.add(() => model.scheduler.start());
    core.lifecycle.restored.add(() => model.scheduler.start());
    core.lifecycle.closing.add(() => model.scheduler.stop());
  },
  routes: postRoutes,
  publicRoutes: postFileRoutes,
  events: postEvents,
  sandbox: postPowers,
  seed: postSeed,
  pull: postPull,
  mutants: postMutants,
});
