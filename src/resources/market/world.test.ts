/**
 * The world generator and the metric formulas as pure functions (decisions.md, "Market
 * intelligence"): readings are deterministic and plausible for any profile and instant, and the
 * comparison, wins and window summaries follow their stated rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.js';
import { DAY_MS } from './limits.js';
import { compare, summarise, winsAgainst, type Point } from './metrics.js';
import { stream, unit } from './noise.js';
import { ACCOUNT_KINDS, CATALOGUE_ANCHOR_DAY, SIZES, resolveProfile, type WorldSpec } from './profiles.js';
import { audienceAt, followersOn, insightsAt, percentages, readingAt, recentPostsAt } from './readings.js';

const arbSpec: fc.Arbitrary<WorldSpec> = fc.record(
  {
    username: fc.stringMatching(/^[a-z0-9._]{1,30}$/),
    kind: fc.constantFrom(...ACCOUNT_KINDS),
    size: fc.constantFrom(...SIZES),
    followers: fc.integer({ min: 0, max: 50_000_000 }),
    growth_per_day: fc.double({ min: -5000, max: 5000, noNaN: true }),
    posts_per_week: fc.double({ min: 0.25, max: 70, noNaN: true }),
    posts: fc.integer({ min: 0, max: 20_000 }),
    engagement_rate: fc.double({ min: 0, max: 100, noNaN: true }),
  },
  { requiredKeys: ['username', 'kind'] },
);
const arbSeed = fc.constantFrom('switchboard', 'another', '42');
/** 2020 to 2035. */
const arbInstant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });

describe('noise', () => {
  it('gives values in [0, 1) that depend only on their parts', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }), (parts) => {
        const value = unit(...parts);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(1);
        expect(unit(...parts)).toBe(value);
      }),
    );
    const a = stream('seed', 'user', 'field');
    const b = stream('seed', 'user', 'field');
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 2 ** 40 }), (x, y) => {
        expect(a(x, y)).toBe(b(x, y));
      }),
    );
    expect(stream('seed', 'user', 'other')(1)).not.toBe(a(1));
  });

  it('is the same on every machine (fixed values)', () => {
    expect(unit('switchboard', 'natgeo', 'followers')).toBe(UNIT_FIXED);
    expect(stream('switchboard', 'natgeo', 'wobble')(20_513)).toBe(STREAM_FIXED);
  });
});

describe('percentages', () => {
  it('are whole numbers adding up to 100, each within one of its exact share (or all 0)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 6 }), (counts) => {
        const result = percentages(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        if (total === 0) {
          expect(result.every((value) => value === 0)).toBe(true);
          return;
        }
        expect(result.reduce((a, b) => a + b, 0)).toBe(100);
        counts.forEach((count, index) => expect(Math.abs(result[index]! - (count * 100) / total)).toBeLessThan(1));
      }),
    );
  });
});

describe('readings', () => {
  it('are deterministic and plausible for any profile at any instant', () => {
    fc.assert(
      fc.property(arbSeed, arbSpec, arbInstant, (seed, spec, ms) => {
        const profile = resolveProfile(seed, spec, CATALOGUE_ANCHOR_DAY, 'sandbox');
        const reading = readingAt(profile, ms);
        expect(readingAt(resolveProfile(seed, { ...spec }, CATALOGUE_ANCHOR_DAY, 'sandbox'), ms)).toEqual(reading);
        for (const value of [reading.followers, reading.following, reading.posts, reading.avg_likes, reading.avg_comments, reading.posts_per_week]) {
          expect(Number.isFinite(value) && value >= 0).toBe(true);
        }
        const mix = reading.content_mix.reels + reading.content_mix.photos + reading.content_mix.carousels;
        expect(mix === 100 || (mix === 0 && reading.posts === 0)).toBe(true);
        expect(reading.engagement_rate).toBeGreaterThanOrEqual(0);
        // Posts only accumulate.
        expect(readingAt(profile, ms + 3 * DAY_MS).posts).toBeGreaterThanOrEqual(reading.posts);
      }),
      { numRuns: 200 },
    );
  });

  it('hold explicit followers exactly on the anchor day, then move by the growth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 500 }), (followers, growth) => {
        const profile = resolveProfile('switchboard', { username: 'p', kind: 'business', followers, growth_per_day: growth }, CATALOGUE_ANCHOR_DAY, 'sandbox');
        expect(followersOn(profile, CATALOGUE_ANCHOR_DAY)).toBe(followers);
        const later = followersOn(profile, CATALOGUE_ANCHOR_DAY + 30);
        expect(Math.abs(later - (followers + growth * 30))).toBeLessThanOrEqual((followers + growth * 30) * 0.0015 + 1);
      }),
    );
  });

  it('keep recent posts newest first within their window, reels with views, numbers growing as posts mature', () => {
    for (const spec of CATALOGUE.slice(0, 8)) {
      const profile = resolveProfile('switchboard', spec, CATALOGUE_ANCHOR_DAY, 'catalogue');
      const ms = Date.UTC(2026, 5, 1, 12);
      const posts = recentPostsAt(profile, ms, 60, 50);
      expect(posts.length).toBeLessThanOrEqual(50);
      for (let i = 1; i < posts.length; i++) expect(posts[i - 1]!.posted_at_ms).toBeGreaterThanOrEqual(posts[i]!.posted_at_ms);
      for (const post of posts) {
        expect(post.posted_at_ms).toBeLessThanOrEqual(ms);
        expect(post.posted_at_ms).toBeGreaterThanOrEqual(ms - 60 * DAY_MS);
        expect(post.video_views === null).toBe(post.media_type !== 'reel');
        expect(post.reach).toBeGreaterThanOrEqual(post.likes + post.comments);
      }
      const newest = posts[0];
      if (newest) {
        const justPosted = recentPostsAt(profile, newest.posted_at_ms + 3_600_000, 1, 1)[0]!;
        const mature = recentPostsAt(profile, newest.posted_at_ms + 4 * DAY_MS, 5, 50).find((post) => post.id === justPosted.id)!;
        expect(mature.likes).toBeGreaterThanOrEqual(justPosted.likes);
      }
    }
  });

  it('give an audience of zeros and empty lists under 100 followers', () => {
    const small = resolveProfile('switchboard', { username: 'tiny', kind: 'creator', followers: 99, growth_per_day: 0 }, CATALOGUE_ANCHOR_DAY, 'sandbox');
    const audience = audienceAt(small, CATALOGUE_ANCHOR_DAY * DAY_MS);
    expect(audience).toMatchObject({ followers: 99, gender_percent: { female: 0, male: 0, unknown: 0 }, top_countries: [], top_cities: [] });
    const big = resolveProfile('switchboard', { username: 'big', kind: 'creator', followers: 100, growth_per_day: 0 }, CATALOGUE_ANCHOR_DAY, 'sandbox');
    expect(audienceAt(big, CATALOGUE_ANCHOR_DAY * DAY_MS).top_countries).toHaveLength(5);
  });

  it('give insights whose sums grow with the window', () => {
    const profile = resolveProfile('switchboard', CATALOGUE.find((spec) => spec.username === 'harbor.coffee')!, CATALOGUE_ANCHOR_DAY, 'catalogue');
    const ms = Date.UTC(2026, 4, 1);
    const [one, week, month] = [1, 7, 30].map((days) => insightsAt(profile, ms, days));
    expect(one!['views']).toBeLessThan(week!['views']!);
    expect(week!['views']).toBeLessThan(month!['views']!);
    expect(Object.keys(one!)).toEqual(Object.keys(month!));
  });
});

const point = (day: number, followers: number, posts: number, engagement = 2): Point => ({
  day,
  date: new Date(day * DAY_MS).toISOString().slice(0, 10),
  followers,
  following: 10,
  posts,
  engagement_rate: engagement,
  avg_likes: 10,
  avg_comments: 1,
  posts_per_week: 3,
  content_mix: { reels: 50, photos: 50, carousels: 0 },
});

describe('window summaries', () => {
  it('take followers from the last point, growth per day from the first and last, engagement as the mean', () => {
    const summary = summarise([point(100, 1000, 50, 2), point(110, 1200, 60, 4)])!;
    expect(summary).toMatchObject({ followers: 1200, follower_growth_per_day: 20, growth_percent: 20, engagement_rate: 3, posts_per_week: 7 });
  });

  it('use the lookup’s own cadence before the points span a week, and no growth with one point', () => {
    expect(summarise([point(100, 1000, 50)])).toMatchObject({ follower_growth_per_day: 0, growth_percent: null, posts_per_week: 3 });
    expect(summarise([point(100, 1000, 50), point(103, 1030, 60)])).toMatchObject({ follower_growth_per_day: 10, posts_per_week: 3 });
    expect(summarise([])).toBeUndefined();
  });
});

describe('comparison and wins', () => {
  const arbSide = fc.record(
    { followers: fc.integer({ min: 0, max: 100 }), engagement_rate: fc.integer({ min: 0, max: 5 }) },
    { requiredKeys: [] },
  );

  it('lead only when one side is better; null when equal or unknown; wins counted from the leads', () => {
    fc.assert(
      fc.property(arbSide, arbSide, (you, them) => {
        const result = compare(you, them);
        for (const metric of result.metrics) {
          if (metric.you === null || metric.them === null) expect(metric).toMatchObject({ difference: null, you_lead: null });
          else expect(metric.you_lead).toBe(metric.you === metric.them ? null : metric.you > metric.them);
        }
        expect(result.your_wins).toBe(result.metrics.filter((m) => m.you_lead === true).length);
        expect(result.competitor_wins).toBe(result.metrics.filter((m) => m.you_lead === false).length);
      }),
    );
  });

  it('file each metric as a win or an opportunity by who is ahead, and neither on a tie', () => {
    const you = summarise([point(100, 1000, 50, 3), point(130, 1100, 70, 3)])!;
    const them = summarise([point(100, 1000, 50, 2), point(130, 1300, 60, 2)])!;
    const result = winsAgainst('rival', you, them);
    expect(result.wins.map((w) => w.metric)).toEqual(['engagement', 'posting']);
    expect(result.opportunities.map((w) => w.metric)).toEqual(['growth']);
    expect(winsAgainst('twin', you, you)).toEqual({ wins: [], opportunities: [] });
  });
});

const UNIT_FIXED = 0.759364151238832;
const STREAM_FIXED = 0.31203081502975694;
