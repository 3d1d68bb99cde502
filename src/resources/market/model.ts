/**
 * Market intelligence (2.30, 3.7, 4.16, section 8): tracked competitors, snapshots taken by
 * refreshes and by the daily snapshot, and the reads over them, against a deterministic social
 * world (world.ts). The parts: access.ts (who may use it), competitors.ts, snapshots.ts,
 * lookups.ts (pulling numbers), reads.ts (leaderboard, history, wins, comparison, audience, top
 * posts), daily.ts (the scheduler).
 *
 * `rules` holds the two limits the conformance kit's mutants bend (mutants.ts): whether a slot
 * is free, and the refresh interval.
 */
import { ApiError, notFound } from '../../core/errors.js';
import type { PageRequest } from '../../core/pagination.js';
import { countOf } from '../../core/plural.js';
import type { CoreServices } from '../../groups/services.js';
import { createAccess, type MarketNeeds } from './access.js';
import { createCompetitors, type CompetitorRecord } from './competitors.js';
import { createDailySnapshots } from './daily.js';
import { COMPETITOR_SLOTS, DAY_MS, REFRESH_INTERVAL_MS } from './limits.js';
import { createLookups } from './lookups.js';
import { createReads } from './reads.js';
import { insightsAt, readingAt } from './readings.js';
import type { CompetitorData, MarketStateData, RefreshResultData, WorldAccountData, WorldAccountInput, OwnProfileInput, LoginMode } from './schemas.js';
import { createSnapshots, dateOf, dayOfMs } from './snapshots.js';
import { createWorld } from './world.js';
import type { WorldProfile } from './profiles.js';

export type { MarketNeeds } from './access.js';

export interface MarketRules {
  /** Whether one more competitor fits: `tracked < max`. */
  hasFreeSlot: (tracked: number, max: number) => boolean;
  /** The least time between two refreshes of one account (section 8: 5 minutes). */
  refreshIntervalMs: number;
}

export function createMarketModel(core: CoreServices, needs: MarketNeeds) {
  const { store, clock } = core;
  const world = createWorld(store);
  const access = createAccess(store, needs);
  const competitors = createCompetitors(store);
  const snapshots = createSnapshots(store);
  const iso = (ms: number) => clock.iso(ms);
  const lookups = createLookups({ world, access, competitors, snapshots, iso });
  const reads = createReads({ access, competitors, snapshots, now: () => clock.now(), iso });
  const rules: MarketRules = {
    hasFreeSlot: (tracked, max) => tracked < max,
    refreshIntervalMs: REFRESH_INTERVAL_MS,
  };

  function slots(accountId: number): { tracked: number; max_tracked: number; remaining: number } {
    const tracked = competitors.count(accountId);
    const max = COMPETITOR_SLOTS[access.plan(accountId)];
    return { tracked, max_tracked: max, remaining: Math.max(0, max - tracked) };
  }

  function untrackable(username: string, message: string): ApiError {
    return new ApiError('invalid_param', message, { status: 422, param: 'username' });
  }

  /**
   * The checks of POST /competitors in order (after access): 409 already tracked, 403 no free
   * slot, then 422 for what cannot be tracked (your own handle, a refused lookup, no such public
   * account, private, personal). Seeds come here too, without the access check.
   */
  function track(accountId: number, username: string): CompetitorRecord {
    const settings = access.current(accountId);
    if (competitors.byHandle(accountId, username)) throw new ApiError('conflict', `@${username} is already tracked.`, { param: 'username' });
    const { tracked, max_tracked } = slots(accountId);
    if (!model.rules.hasFreeSlot(tracked, max_tracked)) {
      throw new ApiError('plan_limit_reached', `Your plan tracks at most ${countOf(max_tracked, 'competitor')}: delete one to free a slot.`);
    }
    if (username === settings.own_username) throw untrackable(username, 'That is your own account: it is always on the leaderboard.');
    if (settings.refused_lookups.includes(username)) throw untrackable(username, `The lookup of @${username} was refused; try again later.`);
    const found = world.trackable(username);
    if ('refusal' in found) {
      throw untrackable(
        username,
        found.refusal === 'not_found'
          ? `No public account is named @${username}.`
          : found.refusal === 'private'
            ? `@${username} is private: only public business or creator accounts can be tracked.`
            : `@${username} is a personal account: only public business or creator accounts can be tracked.`,
      );
    }
    const reading = readingAt(found.profile, clock.now());
    return competitors.insert(accountId, {
      username,
      display_name: found.profile.displayName,
      is_verified: found.profile.verified,
      followers: reading.followers,
      engagement_rate: reading.engagement_rate,
      status: 'active',
      // History is kept across a delete: tracking again picks it up.
      last_snapshot_date: snapshots.latest(accountId, { own: false, username })?.date ?? null,
      tracked_at: clock.iso(),
    });
  }

  function refresh(accountId: number): RefreshResultData {
    access.requireAccess(accountId);
    const now = clock.now();
    const last = access.current(accountId).last_refresh_ms;
    const interval = model.rules.refreshIntervalMs;
    if (last !== null && now - last < interval) {
      const seconds = Math.max(1, Math.ceil(Math.min(interval, last + interval - now) / 1000));
      throw new ApiError('too_soon', `One market refresh per ${interval / 60_000} minutes: try again in ${seconds} s.`, {
        extra: { retry_after_seconds: seconds },
        headers: { 'Retry-After': String(seconds) },
      });
    }
    const result = lookups.snapshotAccount(accountId, now);
    access.update(accountId, { last_refresh_ms: now });
    return result;
  }

  function presentWorld(profile: WorldProfile): WorldAccountData {
    const now = clock.now();
    const reading = readingAt(profile, now);
    return {
      username: profile.username,
      display_name: profile.displayName,
      kind: profile.kind,
      private: profile.private,
      verified: profile.verified,
      trackable: !profile.private && profile.kind !== 'personal',
      size: profile.size,
      region: profile.region,
      source: profile.source,
      today: {
        date: dateOf(dayOfMs(now)),
        followers: reading.followers,
        following: reading.following,
        posts: reading.posts,
        engagement_rate: reading.engagement_rate,
        posts_per_week: reading.posts_per_week,
        content_mix: reading.content_mix,
      },
    };
  }

  const daily = createDailySnapshots(core, (atMs) => {
    for (const accountId of access.accountIds()) if (access.hasAccess(accountId)) lookups.snapshotAccount(accountId, atMs);
  });

  const model = {
    rules,
    daily,
    /** 403 `feature_unavailable` unless connected through the full-permission login (4.16): every route's gate. */
    requireAccess: (accountId: number): void => access.requireAccess(accountId),

    // ---- Competitors (4.16) ----
    list(accountId: number): { data: CompetitorData[]; tracked: number; max_tracked: number; remaining: number } {
      access.requireAccess(accountId);
      // 2.1: lists are newest-first unless stated, and 4.16 states no other order: the last
      // tracked first (ids follow tracking, so tracked_at descending with the id breaking ties).
      return { data: competitors.list(accountId).reverse().map(competitors.present), ...slots(accountId) };
    },
    track(accountId: number, username: string): CompetitorData {
      access.requireAccess(accountId);
      return competitors.present(track(accountId, username));
    },
    get(accountId: number, id: number) {
      access.requireAccess(accountId);
      return reads.comparison(accountId, id, competitors.present);
    },
    untrack(accountId: number, id: number): { id: number; object: 'competitor'; deleted: true } {
      access.requireAccess(accountId);
      const competitor = competitors.find(accountId, id);
      if (!competitor) throw notFound('Competitor');
      competitors.remove(competitor.id);
      return { id: competitor.id, object: 'competitor', deleted: true };
    },

    // ---- Reads over stored snapshots (4.16) ----
    leaderboard(accountId: number, period: number) {
      access.requireAccess(accountId);
      return reads.leaderboard(accountId, period);
    },
    history(accountId: number, period: number) {
      access.requireAccess(accountId);
      return reads.history(accountId, period);
    },
    wins(accountId: number) {
      access.requireAccess(accountId);
      return reads.wins(accountId);
    },
    audience(accountId: number) {
      access.requireAccess(accountId);
      return reads.audience(accountId);
    },
    topPosts(accountId: number, page: PageRequest) {
      access.requireAccess(accountId);
      return reads.topPosts(accountId, page);
    },

    /** Live insights: read from the world now, not from snapshots (4.16). */
    insights(accountId: number, days: number): { days: number; metrics: Record<string, number> } {
      access.requireAccess(accountId);
      access.requireInsights(accountId);
      return { days, metrics: insightsAt(lookups.ownProfile(accountId), clock.now(), days) };
    },

    refresh,

    // ---- Sandbox ----
    state(accountId: number): MarketStateData {
      const settings = access.current(accountId);
      return {
        login: settings.login,
        insights_permission: settings.insights_permission,
        access: access.hasAccess(accountId),
        own_username: settings.own_username,
        last_refresh_at: settings.last_refresh_ms === null ? null : clock.iso(settings.last_refresh_ms),
        refused_lookups: [...settings.refused_lookups],
        world_seed: world.seed(),
      };
    },
    setConnection(accountId: number, patch: { login?: LoginMode | undefined; insights_permission?: boolean | undefined }): MarketStateData {
      access.update(accountId, {
        ...(patch.login !== undefined ? { login: patch.login } : {}),
        ...(patch.insights_permission !== undefined ? { insights_permission: patch.insights_permission } : {}),
      });
      return model.state(accountId);
    },
    setLookupFault(accountId: number, username: string, refused: boolean): MarketStateData {
      const current = access.current(accountId).refused_lookups.filter((name) => name !== username);
      access.update(accountId, { refused_lookups: refused ? [...current, username].sort() : current });
      return model.state(accountId);
    },
    /** Sets the account's own handle and/or its numbers (an account of the world like any other). */
    setOwnProfile(accountId: number, input: OwnProfileInput): WorldAccountData {
      const username = input.username ?? access.current(accountId).own_username;
      access.update(accountId, { own_username: username });
      const { username: _username, ...fields } = input;
      if (Object.values(fields).some((value) => value !== undefined)) {
        world.upsert({ ...fields, username, kind: fields.kind ?? world.profile(username)?.kind ?? 'business' }, clock.now());
      }
      return presentWorld(lookups.ownProfile(accountId));
    },
    worldAccounts: (): WorldAccountData[] => world.usernames().map((username) => presentWorld(world.profile(username)!)),
    worldAccount(username: string): WorldAccountData {
      const profile = world.profile(username);
      if (!profile) throw notFound('World account');
      return presentWorld(profile);
    },
    upsertWorldAccount: (input: WorldAccountInput): WorldAccountData => presentWorld(world.upsert(input, clock.now())),
    setWorldSeed(seed: string): { seed: string } {
      world.setSeed(seed);
      return { seed };
    },

    // ---- Seeds ----
    /** Connects an account, names its own handle, tracks competitors and back-fills `historyDays` of daily snapshots. */
    seedAccount(
      accountId: number,
      section: { login: LoginMode; insights_permission: boolean; profile?: OwnProfileInput | undefined; competitors: readonly string[]; history_days: number; refused_lookups: readonly string[] },
    ): void {
      access.update(accountId, { login: section.login, insights_permission: section.insights_permission });
      if (section.profile) model.setOwnProfile(accountId, section.profile);
      for (const username of section.competitors) track(accountId, username);
      // Refused after tracking: the seed describes lookups that fail from now on.
      access.update(accountId, { refused_lookups: [...new Set(section.refused_lookups)].sort() });
      const today = dayOfMs(clock.now());
      for (let back = section.history_days - 1; back >= 0; back--) {
        // Each past day's snapshot is taken at its midnight, as the daily snapshot would have.
        lookups.snapshotAccount(accountId, back === 0 ? clock.now() : (today - back) * DAY_MS, back === 0);
      }
    },
  };
  return model;
}

export type MarketModel = ReturnType<typeof createMarketModel>;
