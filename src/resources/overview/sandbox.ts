/** The plan lookup as sandbox state: make it fail (usage null), mark a trial, switch overage on. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { OverviewModel } from './model.js';
import { UsageSettings, UsageSettingsBody } from './schemas.js';

const power = powersFor<GroupContext<OverviewModel>>();

export const overviewPowers = {
  overviewUsage: power.account({
    operationId: 'sandboxGetOverviewUsage',
    method: 'GET',
    path: '/analytics/usage',
    summary: 'The usage settings the overview reads: plan lookup (ok or fail), trial, overage',
    output: UsageSettings,
    run: ({ accountId }, { model }) => model.settingsOf(accountId),
  }),
  setOverviewUsage: power.account({
    operationId: 'sandboxSetOverviewUsage',
    method: 'POST',
    path: '/analytics/usage',
    summary: 'plan_lookup fail makes the overview usage null (the plan lookup fault); is_trial and overage_enabled shape usage',
    input: UsageSettingsBody,
    inputRequired: true,
    output: UsageSettings,
    run: ({ accountId, input }, { model }) => model.setUsageSettings(accountId, input),
  }),
};
