/**
 * Market intelligence read back (`seed pull`): the account's state, not the platform's numbers.
 * What is the account's: how it is connected (every route answers 403 `feature_unavailable`
 * without the full-permission login, so that refusal reads as `login: basic`), whether the
 * connection has the insights permission (GET /market-intel/insights answers 403
 * `permission_required` without it; this is the one read that spends channel quota, once, at
 * `days=1`), its own handle (the series flagged `is_own_account` in the history), the handles it
 * tracks (GET /competitors; `status: error` marks a refused lookup), and how many days of daily
 * snapshots it holds (the own series' points over the longest period the API offers, 90 days).
 * Followers, posts, engagement, audience and top posts are the platform's numbers: the sandbox's
 * world produces them for each handle, so they are not copied (docs/seed-pull.md).
 */
import { unlessRefused, type PullApi, type PullSpec } from '../../groups/pull.js';
import { SNAPSHOT_RETENTION_DAYS } from './limits.js';
import type { CompetitorData, HistoryData } from './schemas.js';

/** The longest `period` GET /market-intel/history takes. */
const LONGEST_PERIOD = 90;
const NO_ACCESS = Symbol('no market access');

async function pullMarket(api: PullApi) {
  const competitors = await unlessRefused(api.all<CompetitorData>('/competitors'), ['feature_unavailable'], NO_ACCESS);
  if (competitors === NO_ACCESS) return { login: 'basic' };
  // The list is newest-first; a seed tracks in the order it names, so name them oldest first.
  const inTrackingOrder = [...competitors].sort((a, b) => Date.parse(a.tracked_at) - Date.parse(b.tracked_at) || a.id - b.id);
  const history = await api.get<HistoryData>('/market-intel/history', { period: LONGEST_PERIOD });
  const own = history.series.find((series) => series.is_own_account);
  const insights = await unlessRefused(api.get('/market-intel/insights', { days: 1 }).then(() => true), ['permission_required'], false);
  return {
    login: 'full',
    insights_permission: insights,
    ...(own ? { profile: { username: own.username } } : {}),
    competitors: inTrackingOrder.map((competitor) => competitor.username),
    history_days: Math.min(own?.points.length ?? 0, SNAPSHOT_RETENTION_DAYS),
    refused_lookups: inTrackingOrder.filter((competitor) => competitor.status === 'error').map((competitor) => competitor.username),
  };
}

export const marketPull: PullSpec = {
  sections: [{ field: 'market', value: pullMarket, requests: 3 }],
};
