/**
 * Flow-runtime rules the conformance kit must catch when broken (docs/conformance.md): each swaps
 * one of the model's `rules` (./rules.ts) while on.
 */
import type { GroupMutant } from '../../groups/define.js';
import type { RuntimeModel, RuntimeNeeds } from './model.js';

type RuntimeMutant = GroupMutant<RuntimeModel, RuntimeNeeds>;

export const runtimeMutants: Readonly<Record<string, RuntimeMutant>> = {
  flow_event_leaks_text: {
    description: 'Flow events carry the customer’s message text (2.12: an event never stores message text).',
    install: ({ model }) => {
      const presentEvent = model.rules.presentEvent;
      model.rules.presentEvent = (row, iso) => ({ ...presentEvent(row, iso), ...(row.type === 'input_received' ? { text: 'the customer typed this' } : {}) });
      return () => {
        model.rules.presentEvent = presentEvent;
      };
    },
  },
  flow_events_descending: {
    description: 'GET /flow-events answers newest first instead of by ascending id.',
    install: ({ model }) => {
      const eventPage = model.rules.eventPage;
      model.rules.eventPage = (page) => ({ ...page, data: [...page.data].reverse() });
      return () => {
        model.rules.eventPage = eventPage;
      };
    },
  },
  analytics_counts_other_versions: {
    description: 'Flow analytics count the runs of every version, not only the requested one (2.13, 9).',
    install: ({ model }) => {
      const countsFor = model.rules.countsFor;
      model.rules.countsFor = () => true;
      return () => {
        model.rules.countsFor = countsFor;
      };
    },
  },
};
