/** HTTP for the overview analytics (2.14, 4.8): one GET, no query. */
import { ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { OverviewModel } from './model.js';
import { Overview } from './schemas.js';

const route = routesFor<OverviewModel>();

export const overviewRoutes = [
  route({
    operationId: 'getOverviewAnalytics',
    method: 'GET',
    path: '/analytics/overview',
    tag: 'Analytics',
    summary: 'The account at a glance: the last 30 days against the 30 before, every count {current, previous}',
    section: '2.14',
    scope: 'read',
    scopeSource: 'assumption',
    success: { statuses: [200], schema: Overview, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.overview(caller.accountId)),
  }),
];
