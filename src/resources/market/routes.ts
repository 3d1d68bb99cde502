/** HTTP for market intelligence (4.16): competitors, reads over stored snapshots, live insights, refresh. */
import { wholeSet } from '../../core/pagination.js';
import { created, listResult, ok } from '../../core/route.js';
import { routesFor, type Gate } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import { TOP_POSTS_DEFAULT, TOP_POSTS_MAX } from './limits.js';
import type { MarketModel } from './model.js';
import {
  Audience,
  Comparison,
  Competitor,
  CompetitorListFields,
  DeletedCompetitor,
  History,
  Insights,
  InsightsQuery,
  Leaderboard,
  PeriodQuery,
  RefreshResult,
  TopPost,
  TrackCompetitorBody,
  Wins,
} from './schemas.js';

const tag = 'Market intelligence';
const section = '4.16';
const route = routesFor<MarketModel>();
/** Every market route answers 403 feature_unavailable without the full-permission login. */
const GATED = ['feature_unavailable'] as const;
/** Checked before the id, the query or the body is looked at: the account cannot use the route at all. */
const marketAccess: Gate<MarketModel> = ({ accountId }, { model }) => model.requireAccess(accountId);

export const marketRoutes = [
  route({
    operationId: 'listCompetitors',
    method: 'GET',
    path: '/competitors',
    tag,
    summary: 'Tracked competitors in one page, with tracked, max_tracked and remaining slots',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 0, wholeSet: true },
    success: { statuses: [200], schema: Competitor, envelope: 'list', listFields: CompetitorListFields },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller }, { model }) => {
      const { data, ...slots } = model.list(caller.accountId);
      return listResult(wholeSet(data), slots);
    },
  }),

  route({
    operationId: 'trackCompetitor',
    method: 'POST',
    path: '/competitors',
    tag,
    summary: 'Track a public business or creator account (201 with its first numbers)',
    description:
      '409 `conflict` when already tracked; 403 `plan_limit_reached` when every slot of the plan is taken (1 Free, 3 Creator, 5 Pro, 10 Business); 422 `invalid_param` for a handle that cannot be tracked (personal, private, unknown, your own, or a refused lookup). `last_snapshot_date` stays null until the first refresh stores a snapshot.',
    section,
    scope: 'write',
    scopeSource: 'assumption',
    body: TrackCompetitorBody,
    success: { statuses: [201], schema: Competitor, envelope: 'data' },
    errors: [...GATED, 'plan_limit_reached', 'conflict'],
    errorsAt: [{ code: 'invalid_param', status: 422 }],
    gate: marketAccess,
    handler: ({ caller, body }, { model }) => created(model.track(caller.accountId, body.username)),
  }),

  route({
    operationId: 'getCompetitor',
    method: 'GET',
    path: '/competitors/{id}',
    tag,
    summary: 'You compared with one competitor over the last 30 days of snapshots',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: Comparison, envelope: 'data' },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller, params }, { model }) => ok(model.get(caller.accountId, params.id)),
  }),

  route({
    operationId: 'deleteCompetitor',
    method: 'DELETE',
    path: '/competitors/{id}',
    tag,
    summary: 'Stop tracking: frees the slot; the snapshot history is kept',
    section,
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: DeletedCompetitor, envelope: 'data' },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller, params }, { model }) => ok(model.untrack(caller.accountId, params.id)),
  }),

  route({
    operationId: 'getMarketLeaderboard',
    method: 'GET',
    path: '/market-intel/leaderboard',
    tag,
    summary: 'You and your competitors ranked over the period (stored snapshots)',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    query: PeriodQuery,
    success: { statuses: [200], schema: Leaderboard, envelope: 'data' },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller, query }, { model }) => ok(model.leaderboard(caller.accountId, query.period)),
  }),

  route({
    operationId: 'getMarketHistory',
    method: 'GET',
    path: '/market-intel/history',
    tag,
    summary: 'One series per account (yours first, labelled you), one point per day with a snapshot, oldest first',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    query: PeriodQuery,
    success: { statuses: [200], schema: History, envelope: 'data' },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller, query }, { model }) => ok(model.history(caller.accountId, query.period)),
  }),

  route({
    operationId: 'getMarketWins',
    method: 'GET',
    path: '/market-intel/wins',
    tag,
    summary: 'Where you beat each competitor (wins) and where they beat you (opportunities), last 30 days',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    success: { statuses: [200], schema: Wins, envelope: 'data' },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller }, { model }) => ok(model.wins(caller.accountId)),
  }),

  route({
    operationId: 'getMarketAudience',
    method: 'GET',
    path: '/market-intel/audience',
    tag,
    summary: 'Your audience as of the latest snapshot (404 until the first refresh)',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    success: { statuses: [200], schema: Audience, envelope: 'data' },
    errors: [...GATED, 'not_found'],
    gate: marketAccess,
    handler: ({ caller }, { model }) => ok(model.audience(caller.accountId)),
  }),

  route({
    operationId: 'listMarketTopPosts',
    method: 'GET',
    path: '/market-intel/top-posts',
    tag,
    summary: 'Your stored posts by interactions, most first',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: TOP_POSTS_DEFAULT, maxLimit: TOP_POSTS_MAX },
    success: { statuses: [200], schema: TopPost, envelope: 'list' },
    errors: GATED,
    gate: marketAccess,
    handler: ({ caller, page }, { model }) => listResult(model.topPosts(caller.accountId, page)),
  }),

  route({
    operationId: 'getMarketInsights',
    method: 'GET',
    path: '/market-intel/insights',
    tag,
    summary: 'Live insights of your account over 1, 7 (default) or 30 days',
    description: '403 `permission_required` when the channel connection lacks the insights permission. Metric keys vary by account eligibility.',
    section,
    scope: 'read',
    scopeSource: 'assumption',
    query: InsightsQuery,
    success: { statuses: [200], schema: Insights, envelope: 'data' },
    errors: [...GATED, 'permission_required'],
    gate: marketAccess,
    handler: ({ caller, query }, { model }) => ok(model.insights(caller.accountId, query.days)),
  }),

  route({
    operationId: 'refreshMarketIntel',
    method: 'POST',
    path: '/market-intel/refresh',
    tag,
    summary: 'Pull fresh numbers for your account and every competitor (once per 5 minutes)',
    description: '429 `too_soon` within 5 minutes of the last refresh, with `Retry-After` and `retry_after_seconds`.',
    section,
    scope: 'write',
    scopeSource: 'assumption',
    body: EmptyBody,
    success: { statuses: [200], schema: RefreshResult, envelope: 'data' },
    errors: [...GATED, 'too_soon'],
    gate: marketAccess,
    handler: ({ caller }, { model }) => ok(model.refresh(caller.accountId)),
  }),
];
