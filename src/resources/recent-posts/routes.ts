/** HTTP for recent posts (4.14, 2.23). */
import { listResult } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { RecentPostsModel } from './model.js';
import { RECENT_POSTS_MAX_LIMIT, RecentPost, RecentPostsQuery } from './schemas.js';

const route = routesFor<RecentPostsModel>();

export const recentPostRoutes = [
  route({
    operationId: 'listRecentPosts',
    method: 'GET',
    path: '/recent-posts',
    tag: 'Recent posts',
    summary: 'Posts of the connected channel, newest first; limit up to 50; 409 not_connected; 503 service_unavailable',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    query: RecentPostsQuery,
    list: { defaultLimit: 25, maxLimit: RECENT_POSTS_MAX_LIMIT },
    success: { statuses: [200], schema: RecentPost, envelope: 'list' },
    errors: ['not_connected', 'service_unavailable'],
    handler: ({ caller, query, page, request }, { model }) => listResult(model.list(caller.accountId, query.platform ?? 'instagram', page, request.origin)),
  }),
];
