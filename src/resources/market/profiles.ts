/**
 * From a world account's description (its spec: kind, size, region and any explicit numbers) to
 * its full profile: every number the readings need, drawn from the world seed where the spec is
 * silent. Same seed and spec, same profile, on every machine (noise.ts).
 *
 * Explicit numbers hold on the profile's anchor day: the catalogue's is 2026-01-01, an account
 * added or edited through the sandbox is anchored on the virtual day of the edit, so "followers:
 * 5000" reads as 5000 today and then moves like any other account.
 */
import { REGION_NAMES, type RegionName } from './geography.js';
import { DAY_MS } from './limits.js';
import { between, logBetween, pick, unit } from './noise.js';

export const ACCOUNT_KINDS = ['business', 'creator', 'personal'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const SIZES = ['nano', 'micro', 'mid', 'macro', 'mega'] as const;
export type Size = (typeof SIZES)[number];

export interface ContentWeights {
  readonly reels: number;
  readonly photos: number;
  readonly carousels: number;
}

/** How an account is described: the catalogue's entries, seeds and the sandbox all use this. */
export interface WorldSpec {
  readonly username: string;
  readonly display_name?: string | undefined;
  readonly kind: AccountKind;
  readonly private?: boolean | undefined;
  readonly verified?: boolean | undefined;
  readonly size?: Size | undefined;
  readonly region?: RegionName | undefined;
  readonly followers?: number | undefined;
  readonly following?: number | undefined;
  readonly posts?: number | undefined;
  readonly growth_per_day?: number | undefined;
  readonly posts_per_week?: number | undefined;
  readonly engagement_rate?: number | undefined;
  readonly content_mix?: ContentWeights | undefined;
  readonly online_hours?: boolean | undefined;
}

export type ProfileSource = 'catalogue' | 'sandbox';

/**
 * What a sandbox edit promises its anchor day reads exactly (docs/sandbox.md: "numbers sent hold
 * on today's virtual date"; audit 9b, P5): the numbers sent, and for those not sent the reading
 * just before the edit, so they do not jump. Posts hold by the schedule itself (readings.ts).
 */
export interface HeldReading {
  readonly engagementRate?: number | undefined;
  readonly postsPerWeek?: number | undefined;
  /** Whole percentages adding up to 100. */
  readonly contentMix?: ContentWeights | undefined;
}

export interface WorldProfile {
  readonly username: string;
  readonly displayName: string;
  readonly kind: AccountKind;
  readonly private: boolean;
  readonly verified: boolean;
  readonly size: Size;
  readonly region: RegionName;
  /** The day (days since 1970-01-01 UTC) the numbers below hold on. */
  readonly anchorDay: number;
  readonly followers: number;
  readonly following: number;
  readonly posts: number;
  /** Followers gained per day (negative: the account shrinks, slowing as it does). */
  readonly growthPerDay: number;
  readonly followingPerDay: number;
  readonly postsPerWeek: number;
  /** Baseline engagement rate, percent of followers per post. */
  readonly engagementRate: number;
  /** Shares of reels, photos and carousels among new posts (sum 1). */
  readonly contentMix: ContentWeights;
  /** Whether the platform reports followers online by hour (often it does not). */
  readonly onlineHours: boolean;
  readonly source: ProfileSource;
  /** Set when a sandbox edit anchored the profile: what its anchor day reads. */
  readonly held: HeldReading | undefined;
  /** The seed its numbers were drawn from (readings draw from it too). */
  readonly seed: string;
}

/** The catalogue's anchor: 2026-01-01. */
export const CATALOGUE_ANCHOR_DAY = Date.UTC(2026, 0, 1) / DAY_MS;

const FOLLOWERS: Readonly<Record<Size, readonly [number, number]>> = {
  nano: [40, 900],
  micro: [1_000, 10_000],
  mid: [10_000, 100_000],
  macro: [100_000, 1_000_000],
  mega: [1_000_000, 80_000_000],
};

/** Larger audiences engage less (percent of followers per post). */
const ENGAGEMENT: Readonly<Record<Size, readonly [number, number]>> = {
  nano: [4, 9],
  micro: [2.5, 6],
  mid: [1.5, 4],
  macro: [0.8, 2.5],
  mega: [0.3, 1.4],
};

const FOLLOWING: Readonly<Record<Size, readonly [number, number]>> = {
  nano: [150, 1_500],
  micro: [150, 1_500],
  mid: [100, 1_200],
  macro: [50, 900],
  mega: [10, 300],
};

export function sizeOf(followers: number): Size {
  if (followers < 1_000) return 'nano';
  if (followers < 10_000) return 'micro';
  if (followers < 100_000) return 'mid';
  if (followers < 1_000_000) return 'macro';
  return 'mega';
}

/** `atlas.outfitters` -> `Atlas Outfitters`. */
export function displayNameOf(username: string): string {
  return username
    .split(/[._]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function normalised(weights: ContentWeights): ContentWeights {
  const total = weights.reels + weights.photos + weights.carousels;
  if (!(total > 0)) return { reels: 1 / 3, photos: 1 / 3, carousels: 1 / 3 };
  return { reels: weights.reels / total, photos: weights.photos / total, carousels: weights.carousels / total };
}

/**
 * Profiles are pure functions of their inputs, so one resolved profile serves every simulator in
 * the process (its readings' caches hang off it, readings.ts): creating a simulator, as every test
 * does, then costs no re-drawing. Bounded, since the sandbox can add accounts without end.
 */
const resolved = new Map<string, WorldProfile>();
const MAX_RESOLVED = 5_000;

export function resolveProfile(seed: string, spec: WorldSpec, anchorDay: number, source: ProfileSource, held?: HeldReading): WorldProfile {
  const cacheKey = JSON.stringify([seed, anchorDay, source, spec, held ?? null]);
  const known = resolved.get(cacheKey);
  if (known) return known;
  if (resolved.size >= MAX_RESOLVED) resolved.clear();
  const profile = draw(seed, spec, anchorDay, source, held);
  resolved.set(cacheKey, profile);
  return profile;
}

function draw(seed: string, spec: WorldSpec, anchorDay: number, source: ProfileSource, held: HeldReading | undefined): WorldProfile {
  const key = (field: string) => [seed, spec.username, field] as const;
  const size = spec.size ?? (spec.followers !== undefined ? sizeOf(spec.followers) : pick(SIZES.slice(0, 3), ...key('size')));
  const [fMin, fMax] = FOLLOWERS[size];
  const followers = spec.followers ?? Math.round(logBetween(fMin, fMax, ...key('followers')));
  const [eMin, eMax] = ENGAGEMENT[size];
  const [gMin, gMax] = FOLLOWING[size];
  const mega = size === 'mega';
  return Object.freeze({
    username: spec.username,
    displayName: spec.display_name ?? displayNameOf(spec.username),
    kind: spec.kind,
    private: spec.private ?? false,
    verified: spec.verified ?? false,
    size,
    region: spec.region ?? pick(REGION_NAMES, ...key('region')),
    anchorDay,
    followers,
    following: spec.following ?? Math.round(between(gMin, gMax, ...key('following'))),
    posts: spec.posts ?? Math.round(mega ? logBetween(2_000, 20_000, ...key('posts')) : logBetween(30, 1_500, ...key('posts'))),
    growthPerDay: spec.growth_per_day ?? followers * between(-0.0003, 0.0025, ...key('growth')),
    followingPerDay: between(0, size === 'nano' || size === 'micro' ? 0.3 : 0.1, ...key('following-drift')),
    postsPerWeek: Math.max(0.25, spec.posts_per_week ?? (mega ? between(7, 21, ...key('cadence')) : between(0.5, 7, ...key('cadence')))),
    engagementRate: spec.engagement_rate ?? between(eMin, eMax, ...key('engagement')),
    contentMix: normalised(
      spec.content_mix ?? {
        reels: between(0.15, 0.7, ...key('mix-reels')),
        photos: between(0.1, 0.5, ...key('mix-photos')),
        carousels: between(0.1, 0.4, ...key('mix-carousels')),
      },
    ),
    onlineHours: spec.online_hours ?? unit(...key('online-hours')) < 0.6,
    source,
    held,
    seed,
  });
}
