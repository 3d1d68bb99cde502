/** Overview rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import { parseTimestamp } from '../../core/clock.js';
import type { OverviewModel, OverviewNeeds } from './model.js';
import { DAY_MS } from './window.js';

export const overviewMutants: Readonly<Record<string, GroupMutant<OverviewModel, OverviewNeeds>>> = {
  overview_previous_window_31_days: {
    description: 'GET /analytics/overview reports a previous window of 31 days: previous_from one day early, so the windows do not compare like with like.',
    install: ({ model }) => {
      const overview = model.overview;
      model.overview = (accountId) => {
        const result = overview(accountId);
        const from = parseTimestamp(result.window.previous_from) ?? 0;
        return { ...result, window: { ...result.window, previous_from: new Date(from - DAY_MS).toISOString().replace(/\.\d{3}Z$/, '+00:00') } };
      };
      return () => {
        model.overview = overview;
      };
    },
  },
};
