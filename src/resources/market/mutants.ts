/** Market-intelligence rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { MarketModel, MarketNeeds } from './model.js';

export const marketMutants: Readonly<Record<string, GroupMutant<MarketModel, MarketNeeds>>> = {
  competitor_slots_off_by_one: {
    description: 'POST /competitors lets one competitor past the plan’s slots (max_tracked is still shown right).',
    install: ({ model }) => {
      const hasFreeSlot = model.rules.hasFreeSlot;
      model.rules.hasFreeSlot = (tracked, max) => tracked <= max;
      return () => {
        model.rules.hasFreeSlot = hasFreeSlot;
      };
    },
  },
  history_newest_first: {
    description: 'GET /market-intel/history lists each series’ points newest first.',
    install: ({ model }) => {
      const history = model.history;
      model.history = (accountId, period) => {
        const result = history(accountId, period);
        return { ...result, series: result.series.map((series) => ({ ...series, points: [...series.points].reverse() })) };
      };
      return () => {
        model.history = history;
      };
    },
  },
  refresh_after_four_minutes: {
    description: 'POST /market-intel/refresh is allowed again 4 minutes after the last one, not 5.',
    install: ({ model }) => {
      const interval = model.rules.refreshIntervalMs;
      model.rules.refreshIntervalMs = 4 * 60_000;
      return () => {
        model.rules.refreshIntervalMs = interval;
      };
    },
  },
};
