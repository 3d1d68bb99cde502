/**
 * Market intelligence (2.30, 3.7, 4.16, 8): the competitor list and its slot fields, tracking
 * (201, 409, 403 at the plan's slots, 422 for what cannot be tracked) and deleting, the
 * comparison, the reads over stored snapshots (leaderboard, history oldest first, wins, audience,
 * top posts), live insights, the 5-minute refresh rule and the access gates.
 *
 * Live-safe: at most one competitor is tracked at a time and each is deleted by its check (the
 * ledger sweeps it otherwise). The refresh rule runs in the `full` profile only: a refresh
 * rewrites the account's snapshots and competitor numbers and starts its 5-minute wait, changes
 * to records the kit did not create, which `safe` never makes. It refreshes once per run, and a
 * 429 `too_soon` (someone refreshed in the last 5 minutes) counts as a pass of that rule; the
 * calls that follow a refresh are ones a conforming server refuses. An account without market
 * intelligence (403 `feature_unavailable`) skips with that reason.
 *
 * Handles: the kit tracks `natgeo` or `nasa` (public business accounts, on the platform and in the
 * simulator's world). Personal and private handles exist only in the simulator's documented world
 * (docs/sandbox.md), so those checks run against the simulator only.
 */
import {
  Audience,
  Comparison,
  Competitor,
  CompetitorListFields,
  History,
  Insights,
  Leaderboard,
  RefreshResult,
  TopPost,
  Wins,
} from '../../src/resources/market/schemas.js';
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { errorCodeOf, expectError, expectShape, expectStatus, expectSuccess, fail, readData, readError, readList } from '../runner/expect.js';
import { costOf } from './helpers.js';

const group = 'market';
const LIST = 'GET /competitors';
const TRACK = 'POST /competitors';
const GET = 'GET /competitors/{id}';
const DELETE = 'DELETE /competitors/{id}';
const LEADERBOARD = 'GET /market-intel/leaderboard';
const HISTORY = 'GET /market-intel/history';
const WINS = 'GET /market-intel/wins';
const AUDIENCE = 'GET /market-intel/audience';
const TOP_POSTS = 'GET /market-intel/top-posts';
const INSIGHTS = 'GET /market-intel/insights';
const REFRESH = 'POST /market-intel/refresh';

/** Section 8 (the spec's "Professional" is `pro` in the simulator). */
const SLOTS: Readonly<Record<string, number>> = { free: 1, creator: 3, pro: 5, professional: 5, business: 10 };
/** Public business accounts the kit may track for a moment. */
const CANDIDATES = ['natgeo', 'nasa'] as const;
/** In the simulator's world only (docs/sandbox.md). */
const PERSONAL = 'jess.walks.dogs';
const PRIVATE = 'marco.private';
const REFRESH_SECONDS = 300;

interface Slots {
  readonly competitors: { id: number; username: string }[];
  readonly tracked: number;
  readonly max_tracked: number;
  readonly remaining: number;
}

/** GET /competitors, judged as a whole-set list with its slot fields; skips without the feature. */
async function readSlots(ctx: CheckContext, key = 'a'): Promise<Slots> {
  const response = await ctx.send({ path: '/competitors', key });
  if (response.status === 403 && errorCodeOf(response) === 'feature_unavailable') return ctx.skip('feature_unavailable');
  expectStatus(response, 200, 'GET /competitors');
  const list = readList(response, 'GET /competitors');
  if (list.has_more) fail('GET /competitors is a whole-set list: has_more false (2.1, 2.30)', response);
  const fields = expectShape(response.json, CompetitorListFields, 'GET /competitors tracked, max_tracked, remaining (2.30)', response);
  const competitors = list.data.map((item) => expectShape(item, Competitor, 'competitor (2.30)', response));
  if (fields.tracked !== competitors.length) fail(`GET /competitors: tracked is ${fields.tracked} but the list holds ${competitors.length}`, response);
  if (fields.remaining !== fields.max_tracked - fields.tracked) {
    fail(`GET /competitors: remaining (${fields.remaining}) should be max_tracked (${fields.max_tracked}) minus tracked (${fields.tracked})`, response);
  }
  return { competitors, ...fields };
}

function untracked(slots: Slots): string[] {
  const tracked = new Set(slots.competitors.map((competitor) => competitor.username.toLowerCase()));
  return CANDIDATES.filter((handle) => !tracked.has(handle));
}

async function track(ctx: CheckContext, key: string, username: string): Promise<KitResponse> {
  return ctx.send({ method: 'POST', path: '/competitors', key, body: { username } });
}

async function untrack(ctx: CheckContext, key: string, id: number): Promise<void> {
  const removed = await ctx.send({ method: 'DELETE', path: `/competitors/${id}`, key });
  // 4.16: "frees the slot; history kept", no result stated: any 2xx.
  expectSuccess(removed, `DELETE /competitors/${id}`);
  ctx.ledger.forget('competitor', id);
}

/** A GET of the area that answers 200 or skips when the account lacks the feature. */
async function gatedGet(ctx: CheckContext, path: string, query?: Record<string, string | number>): Promise<KitResponse> {
  const response = await ctx.send({ path, ...(query ? { query } : {}) });
  if (response.status === 403 && errorCodeOf(response) === 'feature_unavailable') return ctx.skip('feature_unavailable');
  return response;
}

/** The simulator's control plane, for the gates; skips elsewhere. */
async function control(ctx: CheckContext, method: string, path: string, body?: unknown): Promise<KitResponse> {
  if (!ctx.target.simulator || !ctx.target.control || ctx.profile === 'read-only') ctx.skip('needs_control');
  const response = await ctx.send({ method, path: `/_sandbox${path}`, fromOrigin: true, ...(body === undefined ? {} : { body }) });
  if (response.status === 404 || response.status === 405) ctx.skip('needs_control', `${method} /_sandbox${path} is not available`);
  expectStatus(response, 200, `${method} /_sandbox${path}`);
  return response;
}

function isDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

export const marketChecks: CheckDefinition[] = [
  {
    id: 'market.competitor-slots',
    title: 'GET /competitors: the whole set, with tracked, max_tracked (the plan’s slots) and remaining',
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [LIST],
    cost: costOf(2),
    async run(ctx) {
      const slots = await readSlots(ctx);
      const plan = ctx.target.plan;
      const expected = plan === undefined ? undefined : SLOTS[plan];
      if (expected !== undefined && slots.max_tracked !== expected) {
        fail(`GET /competitors: max_tracked is ${slots.max_tracked}; section 8 gives the ${plan} plan ${expected} competitor slots`);
      }
    },
  },
  {
    id: 'market.track-delete',
    title: 'Track a competitor (201, handle with or without @; first in the newest-first list), 409 when tracked again, compare, delete frees the slot',
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [LIST, TRACK, GET, DELETE],
    cost: costOf(8),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const before = await readSlots(ctx);
      if (before.remaining < 1) return ctx.skip('no_free_competitor_slot');
      const handle = untracked(before)[0];
      if (!handle) return ctx.skip('candidates_already_tracked');
      const created = await track(ctx, key, `@${handle.toUpperCase()}`);
      expectStatus(created, 201, `POST /competitors {username: "@${handle.toUpperCase()}"}`);
      const competitor = expectShape(readData(created, 'POST /competitors'), Competitor, 'competitor (2.30)', created);
      if (competitor.username.toLowerCase().replace(/^@/, '') !== handle) fail(`POST /competitors: tracked "${competitor.username}", not ${handle}`, created);
      try {
        const during = await readSlots(ctx);
        if (!during.competitors.some((row) => row.id === competitor.id)) fail(`GET /competitors does not list the competitor just tracked (${competitor.id})`);
        if (during.remaining !== before.remaining - 1) fail(`GET /competitors: remaining went from ${before.remaining} to ${during.remaining} after one track`);
        expectError(await track(ctx, key, handle), 409, 'conflict', `POST /competitors {username: "${handle}"} while tracked`);

        const compared = await ctx.send({ path: `/competitors/${competitor.id}` });
        expectStatus(compared, 200, `GET /competitors/${competitor.id}`);
        const comparison = expectShape(readData(compared, 'GET /competitors/{id}'), Comparison, 'comparison (2.30)', compared);
        if (comparison.competitor.username.toLowerCase() !== handle) fail(`GET /competitors/{id}: competitor.username is ${comparison.competitor.username}`, compared);
        for (const metric of comparison.metrics) {
          if (metric.you !== null && metric.them !== null && metric.you === metric.them && metric.you_lead !== null) {
            fail(`GET /competitors/{id}: ${metric.metric} is equal on both sides, so you_lead must be null (2.30)`, compared);
          }
        }
        const yours = comparison.metrics.filter((metric) => metric.you_lead === true).length;
        const theirs = comparison.metrics.filter((metric) => metric.you_lead === false).length;
        if (comparison.your_wins !== yours || comparison.competitor_wins !== theirs) {
          fail(`GET /competitors/{id}: your_wins/competitor_wins are ${comparison.your_wins}/${comparison.competitor_wins}, the metrics say ${yours}/${theirs}`, compared);
        }
        // 2.1: lists are newest-first unless stated, and 4.16 states no other order.
        if (during.competitors[0]?.id !== competitor.id) {
          fail(`GET /competitors is newest-first (2.1): the competitor just tracked (${competitor.id}) should come first, not ${during.competitors[0]?.id}`);
        }
      } finally {
        await untrack(ctx, key, competitor.id);
      }
      expectError(await ctx.send({ path: `/competitors/${competitor.id}` }), 404, 'not_found', `GET /competitors/${competitor.id} after DELETE`);
      const after = await readSlots(ctx);
      if (after.competitors.some((row) => row.id === competitor.id)) fail(`GET /competitors still lists deleted competitor ${competitor.id}`);
      if (after.remaining !== before.remaining) fail(`DELETE /competitors/{id} should free the slot: remaining is ${after.remaining}, was ${before.remaining}`);
    },
  },
  {
    id: 'market.slot-cap',
    title: 'Past the plan’s competitor slots, POST /competitors is 403 plan_limit_reached',
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [LIST, TRACK, DELETE],
    cost: costOf(5),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const before = await readSlots(ctx);
      // Live-safe: only an account at most one slot from full is tried (one competitor, deleted).
      if (before.remaining > 1) return ctx.skip('needs_at_most_one_free_slot', `${before.remaining} slots are free`);
      const [first, second] = untracked(before);
      if (!first || (before.remaining === 1 && !second)) return ctx.skip('candidates_already_tracked');
      let filled: number | undefined;
      try {
        if (before.remaining === 1) {
          const created = await track(ctx, key, first);
          expectStatus(created, 201, `POST /competitors {username: "${first}"} into the last free slot`);
          filled = expectShape(readData(created, 'POST /competitors'), Competitor, 'competitor (2.30)', created).id;
        }
        const over = await track(ctx, key, before.remaining === 1 ? second! : first);
        if (over.status === 201) {
          const extra = readData(over, 'POST /competitors')['id'];
          if (typeof extra === 'number') await untrack(ctx, key, extra);
        }
        expectError(over, 403, 'plan_limit_reached', `POST /competitors with all ${before.max_tracked} slots taken`);
      } finally {
        if (filled !== undefined) await untrack(ctx, key, filled);
      }
    },
  },
  {
    id: 'market.other-account',
    title: "Another account's competitor id answers 404",
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [LIST, GET],
    needs: ['key_b'],
    cost: costOf(3),
    async run(ctx) {
      const theirs = await readSlots(ctx, 'b');
      const id = theirs.competitors[0]?.id;
      if (id === undefined) return ctx.skip('needs_competitor_of_b');
      const mine = await readSlots(ctx);
      if (mine.competitors.some((row) => row.id === id)) fail(`GET /competitors lists competitor ${id} of another account`);
      expectError(await ctx.send({ path: `/competitors/${id}` }), 404, 'not_found', `GET /competitors/${id} (another account's competitor)`);
    },
  },
  {
    id: 'market.untrackable',
    title: 'A personal or a private account cannot be tracked: 422 invalid_param naming username',
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [LIST, TRACK],
    needs: ['simulator'],
    cost: costOf(3),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const slots = await readSlots(ctx);
      if (slots.remaining < 1) return ctx.skip('no_free_competitor_slot');
      for (const [handle, kind] of [[PERSONAL, 'personal'], [PRIVATE, 'private']] as const) {
        expectError(await track(ctx, key, handle), 422, 'invalid_param', `POST /competitors with a ${kind} account (@${handle})`, { param: 'username' });
      }
    },
  },
  {
    id: 'market.unknown-handle',
    title: 'A handle no public account has is untrackable: 422 invalid_param naming username',
    clause: '4.16',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [LIST, TRACK],
    cost: costOf(2),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const slots = await readSlots(ctx);
      if (slots.remaining < 1) return ctx.skip('no_free_competitor_slot');
      const handle = `${ctx.prefix}_nobody`.toLowerCase().replace(/[^a-z0-9._]/g, '_').slice(0, 30);
      expectError(await track(ctx, key, handle), 422, 'invalid_param', `POST /competitors with @${handle}, which no account has`, { param: 'username' });
    },
  },
  {
    id: 'market.bad-input',
    title: 'Malformed handles, period, limit and days are 4xx invalid_param naming the parameter',
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [TRACK, LEADERBOARD, HISTORY, TOP_POSTS],
    cost: costOf(9),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      await gatedGet(ctx, '/market-intel/leaderboard');
      for (const username of ['two words', 'x'.repeat(300), '@']) {
        const response = await track(ctx, key, username);
        expectError(response, response.status === 422 ? 422 : 400, 'invalid_param', `POST /competitors {username: "${username.slice(0, 20)}"}`, { param: 'username' });
      }
      for (const path of ['/market-intel/leaderboard', '/market-intel/history']) {
        expectError(await ctx.send({ path, query: { period: 8 } }), 400, 'invalid_param', `GET ${path}?period=8`, { param: 'period' });
      }
      for (const limit of [0, 51]) {
        expectError(await ctx.send({ path: '/market-intel/top-posts', query: { limit } }), 400, 'invalid_param', `GET /market-intel/top-posts?limit=${limit}`, { param: 'limit' });
      }
      const days = await ctx.send({ path: '/market-intel/insights', query: { days: 2 } });
      if (!(days.status === 403 && errorCodeOf(days) === 'permission_required')) {
        expectError(days, 400, 'invalid_param', 'GET /market-intel/insights?days=2', { param: 'days' });
      }
    },
  },
  {
    id: 'market.leaderboard',
    title: 'The leaderboard: period 7, 30 (default) or 90, your rank among total_accounts, every 2.30 metric',
    clause: '2.30',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [LEADERBOARD],
    cost: costOf(3),
    async run(ctx) {
      for (const period of [undefined, 7, 90] as const) {
        const response = await gatedGet(ctx, '/market-intel/leaderboard', period === undefined ? undefined : { period });
        const what = `GET /market-intel/leaderboard${period === undefined ? '' : `?period=${period}`}`;
        expectStatus(response, 200, what);
        const board = expectShape(readData(response, what), Leaderboard, 'leaderboard (2.30)', response);
        if (board.period_days !== (period ?? 30)) fail(`${what}: period_days is ${board.period_days}`, response);
        if (board.total_accounts !== board.accounts.length) fail(`${what}: total_accounts is ${board.total_accounts} for ${board.accounts.length} accounts`, response);
        const own = board.accounts.filter((row) => row.is_own_account);
        if (own.length > 1) fail(`${what}: ${own.length} accounts are marked is_own_account`, response);
        if (board.your_rank !== null) {
          if (board.your_rank < 1 || board.your_rank > board.total_accounts) fail(`${what}: your_rank ${board.your_rank} is outside 1..${board.total_accounts}`, response);
          if (board.accounts[board.your_rank - 1]?.is_own_account !== true) fail(`${what}: the account at your_rank ${board.your_rank} is not your own`, response);
        }
        for (const row of board.accounts) {
          for (const [type, share] of Object.entries(row.content_mix)) {
            if (share < 0 || share > 100) fail(`${what}: @${row.username} content_mix.${type} is ${share}, not a percentage`, response);
          }
        }
      }
    },
  },
  {
    id: 'market.history-order',
    title: 'History: one series per account, yours first and labelled you, points oldest first, one per day',
    clause: '2.30',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [HISTORY],
    cost: costOf(1),
    async run(ctx) {
      const response = await gatedGet(ctx, '/market-intel/history', { period: 90 });
      expectStatus(response, 200, 'GET /market-intel/history?period=90');
      const history = expectShape(readData(response, 'GET /market-intel/history'), History, 'history (2.30)', response);
      const labels = history.series.map((series) => series.label);
      if (labels.filter((label) => label === 'you').length > 1) fail('GET /market-intel/history: more than one series is labelled you', response);
      if (labels.includes('you') && labels[0] !== 'you') fail(`GET /market-intel/history: your series (you) must come first, got ${labels[0]}`, response);
      for (const series of history.series) {
        for (let i = 1; i < series.points.length; i++) {
          const previous = series.points[i - 1]!.date;
          const current = series.points[i]!.date;
          if (!(previous < current)) {
            fail(`GET /market-intel/history: series ${series.label} has ${current} after ${previous}; points are oldest first, one per day`, response);
          }
        }
      }
    },
  },
  {
    id: 'market.wins',
    title: 'Wins and opportunities: {metric (engagement, growth, posting), competitor, message}',
    clause: '2.30',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [WINS],
    cost: costOf(1),
    async run(ctx) {
      const response = await gatedGet(ctx, '/market-intel/wins');
      expectStatus(response, 200, 'GET /market-intel/wins');
      const wins = expectShape(readData(response, 'GET /market-intel/wins'), Wins, 'wins (2.30)', response);
      for (const item of [...wins.wins, ...wins.opportunities]) {
        if (item.competitor === '' || item.message === '') fail('GET /market-intel/wins: an item has an empty competitor or message', response);
      }
    },
  },
  {
    id: 'market.audience',
    title: 'Audience: 200 with the 2.30 shape, or 404 before the first refresh',
    clause: '2.30',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [AUDIENCE],
    cost: costOf(1),
    async run(ctx) {
      const response = await gatedGet(ctx, '/market-intel/audience');
      if (response.status === 404) {
        expectError(response, 404, 'not_found', 'GET /market-intel/audience before the first refresh');
        return;
      }
      expectStatus(response, 200, 'GET /market-intel/audience');
      const audience = expectShape(readData(response, 'GET /market-intel/audience'), Audience, 'audience (2.30)', response);
      if (!isDate(audience.snapshot_date)) fail('GET /market-intel/audience: snapshot_date is not a date', response);
      for (const row of [...audience.top_countries, ...audience.top_cities]) {
        if (row.percentage < 0 || row.percentage > 100 || row.count < 0) fail('GET /market-intel/audience: a top country or city has a count or percentage out of range', response);
      }
    },
  },
  {
    id: 'market.top-posts',
    title: 'Top posts: limit 1 to 50, default 12, with the stored performance of each post',
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [TOP_POSTS],
    cost: costOf(2),
    async run(ctx) {
      for (const [limit, most] of [[undefined, 12], [1, 1]] as const) {
        const what = `GET /market-intel/top-posts${limit === undefined ? '' : `?limit=${limit}`}`;
        const response = await gatedGet(ctx, '/market-intel/top-posts', limit === undefined ? undefined : { limit });
        expectStatus(response, 200, what);
        const list = readList(response, what);
        if (list.data.length > most) fail(`${what}: ${list.data.length} posts, more than ${most}`, response);
        for (const post of list.data) expectShape(post, TopPost, 'top post (2.30)', response);
      }
    },
  },
  {
    id: 'market.insights',
    title: 'Insights: days 1, 7 (default) or 30 with a metrics object, or 403 permission_required',
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [INSIGHTS, WINS],
    cost: costOf(4),
    async run(ctx) {
      const first = await gatedGet(ctx, '/market-intel/insights');
      if (first.status === 403) {
        expectError(first, 403, 'permission_required', 'GET /market-intel/insights');
        // The permission gates insights only: the stored-snapshot reads still answer.
        expectStatus(await ctx.send({ path: '/market-intel/wins' }), 200, 'GET /market-intel/wins while insights need a permission');
        return;
      }
      for (const [days, response] of [[7, first], [1, undefined], [30, undefined]] as const) {
        const answer = response ?? (await ctx.send({ path: '/market-intel/insights', query: { days } }));
        expectStatus(answer, 200, `GET /market-intel/insights?days=${days}`);
        const insights = expectShape(readData(answer, 'GET /market-intel/insights'), Insights, 'insights (2.30)', answer);
        if (insights.days !== days) fail(`GET /market-intel/insights: days is ${insights.days}, expected ${days}`, answer);
      }
    },
  },
  {
    id: 'market.refresh-window',
    title: 'At least 5 minutes between refreshes: else 429 too_soon with retry_after_seconds',
    clause: '8',
    level: 'spec',
    group,
    // A refresh rewrites the account's own snapshots and competitor numbers: not for `safe`.
    profile: 'full',
    routes: [REFRESH],
    cost: costOf(4),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      // A GET first lets the pacer wait if it must: the refreshes go out raw (no 429 retry).
      await gatedGet(ctx, '/market-intel/wins');
      const started = Date.now();
      const refresh = () => ctx.send({ method: 'POST', path: '/market-intel/refresh', key, body: {}, raw: true });
      const tooSoon = (response: KitResponse, what: string, range: readonly [number, number]): void => {
        expectError(response, 429, 'too_soon', what);
        const seconds = readError(response, what).extra['retry_after_seconds'];
        if (typeof seconds !== 'number' || !Number.isFinite(seconds)) fail(`${what}: too_soon must carry retry_after_seconds (7.1)`, response);
        if (seconds < range[0] || seconds > range[1]) fail(`${what}: retry_after_seconds is ${seconds}, expected ${range[0]} to ${range[1]}`, response);
        // A Retry-After beside it is the house's choice, judged by observed.too-soon-retry-after (audit 13f F3).
      };
      const first = await refresh();
      if (first.status === 429 && errorCodeOf(first) === 'rate_limited') return ctx.skip('rate_limited', 'the request quota was spent before the refresh');
      if (first.status === 429 && errorCodeOf(first) === 'too_soon') {
        // Someone refreshed in the last 5 minutes: that is this rule passing.
        tooSoon(first, 'POST /market-intel/refresh', [1, REFRESH_SECONDS]);
        return;
      }
      expectStatus(first, 200, 'POST /market-intel/refresh');
      const result = expectShape(readData(first, 'POST /market-intel/refresh'), RefreshResult, 'refresh result (4.16)', first);
      if (result.refreshed < 0) fail('POST /market-intel/refresh: refreshed is negative', first);
      const elapsed = Math.ceil((Date.now() - started) / 1000);
      // The refreshes go out raw: one that meets the spent request quota (429 rate_limited, a
      // rule of its own) says nothing about the refresh window, so the run could not measure it.
      const again = async (): Promise<KitResponse | undefined> => {
        const response = await refresh();
        return response.status === 429 && errorCodeOf(response) === 'rate_limited' ? undefined : response;
      };
      const second = await again();
      if (!second) return ctx.inconclusive('not measurable: the request quota ran out between the two refreshes');
      tooSoon(second, 'POST /market-intel/refresh right after a refresh', [REFRESH_SECONDS - elapsed - 2, REFRESH_SECONDS]);
      if (ctx.target.virtualTime) {
        // Four minutes on, the rule still holds: one minute is left.
        await ctx.advanceClock(240_000);
        const later = await again();
        if (!later) return ctx.inconclusive('not measurable: the request quota ran out before the refresh 4 minutes on');
        tooSoon(later, 'POST /market-intel/refresh 4 minutes after a refresh', [1, REFRESH_SECONDS - 240 + 2]);
      }
    },
  },
  {
    id: 'market.gates',
    title: 'Without the full-permission login every route is 403 feature_unavailable; without the insights permission insights is 403 permission_required',
    clause: '4.16',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [LIST, TRACK, LEADERBOARD, HISTORY, WINS, AUDIENCE, TOP_POSTS, INSIGHTS, REFRESH],
    needs: ['simulator', 'control'],
    cost: costOf(14),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const state = readData(await control(ctx, 'GET', '/market'), 'GET /_sandbox/market');
      const restore = { login: state['login'], insights_permission: state['insights_permission'] };
      try {
        await control(ctx, 'POST', '/market/connection', { login: 'basic' });
        const requests: [string, string, unknown?][] = [
          ['GET', '/competitors'],
          ['POST', '/competitors', { username: CANDIDATES[0] }],
          ['GET', '/market-intel/leaderboard'],
          ['GET', '/market-intel/history'],
          ['GET', '/market-intel/wins'],
          ['GET', '/market-intel/audience'],
          ['GET', '/market-intel/top-posts'],
          ['GET', '/market-intel/insights'],
          ['POST', '/market-intel/refresh', {}],
        ];
        for (const [method, path, body] of requests) {
          const response = await ctx.send({ method, path, key, ...(body === undefined ? {} : { body }) });
          const error = expectError(response, 403, 'feature_unavailable', `${method} ${path} without the full-permission login`);
          if (error.param === undefined) fail(`${method} ${path}: feature_unavailable must name the feature in param (7.1)`, response);
        }
        await control(ctx, 'POST', '/market/connection', { login: 'full', insights_permission: false });
        expectError(await ctx.send({ path: '/market-intel/insights' }), 403, 'permission_required', 'GET /market-intel/insights without the insights permission');
        expectStatus(await ctx.send({ path: '/market-intel/leaderboard' }), 200, 'GET /market-intel/leaderboard without the insights permission');
      } finally {
        await control(ctx, 'POST', '/market/connection', restore);
      }
    },
  },
];
