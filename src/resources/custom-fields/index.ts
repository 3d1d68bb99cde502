/** Custom field definitions and the gate for writing their values on contacts. */
import { customFieldPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { createCustomFieldsModel } from './model.js';
import { customFieldRoutes } from './routes.js';
import { customFieldSeed } from './seed.js';

export const customFieldsGroup = defineGroup({
  name: 'customFields',
  description: 'Custom field definitions (2.3, 4.3): permanent keys and types, at most 15 active, no delete.',
  needs: [],
  model: ({ core }) => createCustomFieldsModel(core),
  routes: customFieldRoutes,
  seed: customFieldSeed,
  pull: customFieldPull,
});
