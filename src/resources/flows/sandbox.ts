/**
 * Sandbox powers for flows: record people entering and completing a flow (what the flow runtime
 * will count; here it lets a dashboard test see `stats` and a null versus zero `completion_rate`),
 * and read every published version a flow keeps (section 9: immutable, for sessions and analytics).
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import { IdParams, Timestamp } from '../shared/schemas.js';
import { FlowChannelSchema } from './config-schemas.js';
import type { FlowsModel } from './model.js';
import { FlowDefinition, FlowSummary } from './schemas.js';

const power = powersFor<GroupContext<FlowsModel>>();

export const RecordFlowStatsBody = z.strictObject({
  entries: z.number().int().min(0).max(1_000_000).default(0).describe('People who entered the flow.'),
  completions: z.number().int().min(0).max(1_000_000).default(0).describe('People who completed it (never more than entered, in all).'),
});

export const FlowVersion = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  version: z.number().int(),
  channels: z.array(FlowChannelSchema),
  node_count: z.number().int(),
  published_at: Timestamp,
  definition: FlowDefinition,
});

export const flowPowers = {
  flows: {
    recordStats: power.account({
      operationId: 'sandboxRecordFlowStats',
      method: 'POST',
      path: '/flows/{id}/stats',
      summary: 'Count people entering and completing a flow (added to its stats)',
      params: IdParams,
      input: RecordFlowStatsBody,
      inputRequired: true,
      output: FlowSummary,
      run: ({ accountId, params, input }, { model }) => model.presentSummary(model.recordStats(accountId, params.id, input)),
    }),
    versions: power.account({
      operationId: 'sandboxListFlowVersions',
      method: 'GET',
      scope: 'read',
      path: '/flows/{id}/versions',
      summary: 'Every published version a flow keeps, immutable (9)',
      params: IdParams,
      list: true,
      output: FlowVersion,
      run: ({ accountId, params }, { model }) =>
        model.versions(accountId, params.id).map((version) => ({
          id: version.id,
          flow_id: version.flow_id,
          version: version.version,
          channels: [...version.channels],
          node_count: version.definition.nodes.length,
          published_at: version.published_at,
          definition: version.definition,
        })),
    }),
  },
};
