/** The model group: a declarative route table, a small model, handlers of a few lines. */
import { tagPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { createTagsModel, tagHooks } from './model.js';
import { tagRoutes } from './routes.js';
import { tagSeed } from './seed.js';

export const tagsGroup = defineGroup({
  name: 'tags',
  description: 'Tag definitions (2.4, 4.5): one name per tag per account, a colour, removal from everything tagged.',
  needs: [],
  hooks: tagHooks,
  model: ({ core, hooks }) => createTagsModel(core, hooks),
  routes: tagRoutes,
  seed: tagSeed,
  pull: tagPull,
});
