/** Flows: definitions, the node catalogue, validation, versions and the 3.3 lifecycle. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { customFieldsGroup } from '../custom-fields/index.js';
import { tagsGroup } from '../tags/index.js';
import { flowEvents } from './events.js';
import { flowHooks } from './hooks.js';
import { createFlowsModel } from './model.js';
import { flowMutants } from './mutants.js';
import { flowRoutes } from './routes.js';
import { flowPowers } from './sandbox.js';
import { flowSeed } from './seed.js';

export const flowsGroup = defineGroup({
  name: 'flows',
  description:
    'Flows (2.10, 3.3, 4.7, 9): the catalogue of sources and node types, validation that names every node, a draft beside immutable published versions, plan caps.',
  needs: [accountGroup, tagsGroup, customFieldsGroup],
  hooks: flowHooks,
  model: ({ core, needs, hooks }) => createFlowsModel(core, needs, hooks),
  listen: ({ model, on }) => on.tags.tagDeleted.add((accountId, tagId) => model.detachTag(accountId, tagId)),
  routes: flowRoutes,
  events: flowEvents,
  seed: flowSeed,
  sandbox: flowPowers,
  mutants: flowMutants,
});
