/** HTTP for opt-outs (4.9). */
import { parseTimestamp } from '../../core/clock.js';
import { listResult } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { OptOutsModel } from './model.js';
import { ListOptOutsQuery, OptOut } from './schemas.js';

const route = routesFor<OptOutsModel>();

export const optOutRoutes = [
  route({
    operationId: 'listOptOuts',
    method: 'GET',
    path: '/opt-outs',
    tag: 'Opt-outs',
    summary: 'Opt-out records, most recently recorded first',
    description:
      'status=opted_in returns SMS records only (only SMS can opt back in); passing scope excludes SMS; since filters ' +
      'on recorded_at, the sort field. next_cursor is opaque.',
    section: '4.9',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListOptOutsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: OptOut, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => {
      const sinceMs = query.since === undefined ? undefined : (parseTimestamp(query.since) ?? undefined);
      const filters = {
        ...(query.channel !== undefined ? { channel: query.channel } : {}),
        ...(query.status !== undefined ? { status: query.status } : {}),
        ...(query.scope !== undefined ? { scope: query.scope } : {}),
        ...(sinceMs !== undefined ? { sinceMs } : {}),
      };
      const result = model.list(caller.accountId, filters, page);
      return listResult({ ...result, data: result.data.map(model.present) });
    },
  }),
];
