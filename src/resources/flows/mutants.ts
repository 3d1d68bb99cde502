/**
 * Flow rules the conformance kit must catch when broken (its teeth test, docs/conformance.md):
 * each swaps one of the model's `rules` (./rules.ts) while on.
 */
import type { GroupMutant } from '../../groups/define.js';
import type { FlowsModel, FlowsNeeds } from './model.js';

type FlowMutant = GroupMutant<FlowsModel, FlowsNeeds>;

export const flowMutants: Readonly<Record<string, FlowMutant>> = {
  accept_unreachable_node: {
    description: 'Flow validation accepts nodes the trigger cannot reach.',
    install: ({ model }) => {
      const validate = model.rules.validate;
      model.rules.validate = (input, ctx) => {
        const result = validate(input, ctx);
        return { ...result, errors: result.errors.filter((error) => error.code !== 'unreachable') };
      };
      return () => {
        model.rules.validate = validate;
      };
    },
  },
  publish_ignores_cap: {
    description: 'Publishing (and activating) a flow ignores the plan’s active-flow cap.',
    install: ({ model }) => {
      const capAllows = model.rules.capAllows;
      model.rules.capAllows = () => true;
      return () => {
        model.rules.capAllows = capAllows;
      };
    },
  },
  patch_overwrites_published: {
    description: 'PATCH with a definition replaces the running (published) version at once instead of saving a draft.',
    install: ({ model }) => {
      const saveDraft = model.rules.saveDraft;
      model.rules.saveDraft = (flow, definition, now) => {
        const saved = saveDraft(flow, definition, now);
        return flow.published_version === null ? saved : model.publish(saved.account_id, saved.id);
      };
      return () => {
        model.rules.saveDraft = saveDraft;
      };
    },
  },
};
