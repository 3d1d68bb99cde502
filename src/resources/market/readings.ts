/**
 * What a lookup of a world account sees at a virtual instant: followers, following, posts,
 * engagement, content mix, recent posts with their performance, and (for the own account) the
 * audience and live insights. Pure functions of the profile and the time, so a reading is the
 * same on every machine for the same seed and clock (decisions.md, "the world generator").
 *
 * How the numbers move:
 * - followers follow the profile's trend (linear growth; a shrinking account decays
 *   exponentially, so it never reaches zero) with a daily wobble of at most ±0.15%;
 * - posts arrive at the profile's cadence, each at a fixed hour of its day, each a reel, photo or
 *   carousel by the content mix;
 * - a post's likes, comments, reach and the rest grow over its first 72 hours, scaled by the
 *   followers it was posted to, the baseline engagement and the post's own quality;
 * - likes, comments and the engagement rate average the last 12 posts; content mix counts them;
 * - the anchor day of a sandbox edit reads the numbers the edit holds (`WorldProfile.held`): its
 *   posts are up from its first instant, the engagement rate, posts per week and content mix read
 *   as held, and the posts are scaled and dealt so the days after move on from those numbers.
 */
import { REGIONS } from './geography.js';
import { AUDIENCE_MIN_FOLLOWERS, DAY_MS, INSIGHTS_MIN_FOLLOWERS, RECENT_POSTS } from './limits.js';
import { between, scale, stream, unit, type Stream } from './noise.js';
import type { HeldReading, WorldProfile } from './profiles.js';
import { round1, round2 } from './rounding.js';

/** Caption openers for generated posts, by media type. */
const CAPTIONS = {
  reel: ['Behind the scenes', 'A day with the team', 'How we make it', '60 seconds of', 'Watch till the end'],
  photo: ['New this week', 'Fresh from the studio', 'Our favourite', 'Say hello to', 'Back in stock'],
  carousel: ['Swipe for', 'Five things about', 'Before and after', 'The full collection', 'Your questions, answered'],
} as const;

const HOUR_MS = 3_600_000;
const MATURE_HOURS = 72;

export const MEDIA_TYPES = ['reel', 'photo', 'carousel'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface ContentMixPercent {
  readonly reels: number;
  readonly photos: number;
  readonly carousels: number;
}

export interface Reading {
  readonly followers: number;
  readonly following: number;
  readonly posts: number;
  readonly engagement_rate: number;
  readonly avg_likes: number;
  readonly avg_comments: number;
  /** Posts in the 28 days before the reading, per week. */
  readonly posts_per_week: number;
  readonly content_mix: ContentMixPercent;
}

export interface PostPerformance {
  readonly id: string;
  readonly media_type: MediaType;
  readonly caption: string;
  readonly permalink: string;
  readonly posted_at_ms: number;
  readonly reach: number;
  readonly impressions: number;
  readonly likes: number;
  readonly comments: number;
  readonly saves: number;
  readonly shares: number;
  readonly video_views: number | null;
  readonly engagement_rate: number;
  readonly save_rate: number;
}

export const AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
const AGE_BASE = [0.03, 0.2, 0.34, 0.22, 0.12, 0.06, 0.03];

export interface AudienceReading {
  readonly followers: number;
  readonly gender_percent: { readonly female: number; readonly male: number; readonly unknown: number };
  readonly age_percent: Readonly<Record<(typeof AGE_BUCKETS)[number], number>>;
  readonly top_countries: readonly { readonly country: string; readonly count: number; readonly percentage: number }[];
  readonly top_cities: readonly { readonly city: string; readonly count: number; readonly percentage: number }[];
  /** Followers online in each UTC hour (0 to 23); absent when the platform does not report it. */
  readonly online_followers_by_hour?: readonly number[];
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** Largest-remainder percentages: whole numbers that add up to 100 (or all 0 when nothing counts). */
export function percentages(counts: readonly number[]): number[] {
  return apportion(100, counts);
}

/** `whole` split by `weights` into whole numbers adding up to it, by largest remainder (all 0 when nothing weighs). */
function apportion(whole: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((count) => (count * whole) / total);
  const out = exact.map(Math.floor);
  let left = whole - out.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of order) {
    if (left <= 0) break;
    out[index]!++;
    left--;
  }
  return out;
}

/** More followers than any account has; keeps far-off instants finite. */
const MAX_FOLLOWERS = 2_000_000_000;

function followersTrend(profile: WorldProfile, day: number): number {
  const elapsed = day - profile.anchorDay;
  const trend =
    profile.growthPerDay >= 0
      ? profile.followers + profile.growthPerDay * elapsed
      : // Shrinking by at most 1% a day, slowing as the account shrinks (and growing back into the past).
        profile.followers * Math.exp(Math.max(-0.01, profile.growthPerDay / Math.max(1, profile.followers)) * elapsed);
  return Math.min(MAX_FOLLOWERS, Math.max(0, trend));
}

/** A post's numbers once mature (72 hours), and what they scale from. */
interface PostBase {
  readonly index: number;
  readonly postedAt: number;
  readonly type: MediaType;
  readonly likes: number;
  readonly comments: number;
  readonly reach: number;
  readonly impressionsPerReach: number;
  readonly savesPerLike: number;
  readonly sharesPerLike: number;
  readonly viewsPerReach: number;
  readonly caption: string;
}

/**
 * Everything about one profile that does not depend on the instant: its hash streams, posting
 * schedule and the mature numbers of its posts (kept, since consecutive days read the same
 * posts). One per profile object; a world edit makes a new profile, so nothing goes stale.
 */
interface Timeline {
  readonly followersOn: (day: number) => number;
  readonly byDay: (day: number) => number;
  readonly dayOfPost: (index: number) => number;
  readonly countAt: (ms: number) => number;
  readonly post: (index: number) => PostBase;
  readonly noise: (field: string) => Stream;
}

/**
 * Media types for posts `first` to `end - 1` dealt by a mix in whole percentages: as many of each
 * as the mix gives of that many posts (largest remainder), in the order of each post's own roll.
 */
function dealTypes(first: number, end: number, mix: ContentMixPercent, roll: Stream): Map<number, MediaType> {
  const indexes = Array.from({ length: end - first }, (_, offset) => first + offset).sort((a, b) => roll(a) - roll(b) || a - b);
  const [reels, photos] = apportion(indexes.length, [mix.reels, mix.photos, mix.carousels]) as [number, number, number];
  return new Map(indexes.map((index, rank) => [index, rank < reels ? 'reel' : rank < reels + photos ? 'photo' : 'carousel']));
}

const timelines = new WeakMap<WorldProfile, Timeline>();
const MAX_KEPT_POSTS = 2_000;

function timelineOf(profile: WorldProfile): Timeline {
  const known = timelines.get(profile);
  if (known) return known;
  const streams = new Map<string, Stream>();
  const noise = (field: string): Stream => {
    let found = streams.get(field);
    if (!found) streams.set(field, (found = stream(profile.seed, profile.username, field)));
    return found;
  };
  const wobble = noise('wobble');
  const followersOn = (day: number) => {
    // No wobble on the anchor day, so an account set to 5000 followers reads 5000 that day.
    const factor = day === profile.anchorDay ? 1 : 1 + 0.0015 * (2 * wobble(day) - 1);
    return Math.max(0, Math.round(followersTrend(profile, day) * factor));
  };
  // The posting schedule: a steady cadence with a per-account phase.
  const perDay = profile.postsPerWeek / 7;
  const phase = unit(profile.seed, profile.username, 'phase');
  const byDay = (day: number) => Math.max(0, profile.posts + Math.floor((day - profile.anchorDay) * perDay + phase));
  const dayOfPost = (index: number) => profile.anchorDay + Math.ceil((index + 1 - profile.posts - phase) / perDay);
  const hour = noise('hour');
  const minute = noise('minute');
  const held = profile.held;
  // After a sandbox edit, the anchor day's posts are up at its first instant, so the day reads the
  // posts sent (or carried over) all day long (audit 9b, P5).
  const postedAt = (index: number) =>
    held && dayOfPost(index) === profile.anchorDay
      ? profile.anchorDay * DAY_MS
      : dayOfPost(index) * DAY_MS + (7 + Math.floor(hour(index) * 14)) * HOUR_MS + Math.floor(minute(index) * 60) * 60_000;
  const countAt = (ms: number) => {
    const day = dayOf(ms);
    let count = byDay(day - 1);
    const end = byDay(day);
    while (count < end && postedAt(count) <= ms) count++;
    return count;
  };
  const [type, quality, reach, impressions, saves, shares, views, caption] = ['type', 'quality', 'reach', 'impressions', 'saves', 'shares', 'views', 'caption'].map(noise) as [Stream, Stream, Stream, Stream, Stream, Stream, Stream, Stream];
  // The posts the anchor day averages: with a held mix, their types are dealt by it.
  const heldWindow = { first: Math.max(0, profile.posts - RECENT_POSTS), end: profile.posts };
  const dealt = held?.contentMix ? dealTypes(heldWindow.first, heldWindow.end, held.contentMix, type) : undefined;
  const mediaOf = (index: number): MediaType => {
    const fixed = dealt?.get(index);
    if (fixed) return fixed;
    const roll = type(index);
    const { reels, photos } = profile.contentMix;
    return roll < reels ? 'reel' : roll < reels + photos ? 'photo' : 'carousel';
  };
  const audienceOf = (index: number) => followersOn(dayOfPost(index));
  const qualityOf = (index: number) => 0.45 + 1.6 * quality(index) ** 2;
  /** Likes and comments a post gets once mature, per unit of its `engaged`. */
  const interactionsPerEngaged = (media: MediaType) => 0.9 * (media === 'reel' ? 1.1 : 1) + 0.1;
  // With a held engagement rate, every post's engagement is scaled so the anchor day's posts,
  // grown up, give it: the days after the edit move on from the number sent, not from the draw.
  let calibration: number | undefined;
  const calibrationOf = (): number => {
    if (calibration !== undefined) return calibration;
    calibration = 1;
    const followers = followersOn(profile.anchorDay);
    const count = heldWindow.end - heldWindow.first;
    if (held?.engagementRate !== undefined && count > 0 && followers > 0) {
      let interactions = 0;
      for (let index = heldWindow.first; index < heldWindow.end; index++) {
        interactions += ((audienceOf(index) * profile.engagementRate) / 100) * qualityOf(index) * interactionsPerEngaged(mediaOf(index));
      }
      const drawn = (interactions / count / followers) * 100;
      if (drawn > 0) calibration = held.engagementRate / drawn;
    }
    return calibration;
  };
  const posts = new Map<number, PostBase>();
  const post = (index: number): PostBase => {
    const kept = posts.get(index);
    if (kept) return kept;
    const media = mediaOf(index);
    const audience = audienceOf(index);
    const q = qualityOf(index);
    const engaged = ((audience * profile.engagementRate) / 100) * q * calibrationOf();
    const openers = CAPTIONS[media];
    const base: PostBase = {
      index,
      postedAt: postedAt(index),
      type: media,
      likes: engaged * 0.9 * (media === 'reel' ? 1.1 : 1),
      comments: engaged * 0.1,
      reach: audience * scale(0.18, 0.42, reach(index)) * q * (media === 'reel' ? 1.5 : media === 'carousel' ? 1.15 : 1),
      impressionsPerReach: scale(1.1, 1.6, impressions(index)),
      savesPerLike: scale(0.02, 0.09, saves(index)) * (media === 'carousel' ? 1.6 : 1),
      sharesPerLike: scale(0.01, 0.05, shares(index)) * (media === 'reel' ? 2 : 1),
      viewsPerReach: scale(1.3, 2.2, views(index)),
      caption: `${openers[Math.floor(caption(index) * openers.length)]!} #${index + 1}`,
    };
    if (posts.size >= MAX_KEPT_POSTS) posts.clear();
    posts.set(index, base);
    return base;
  };
  const timeline: Timeline = { followersOn, byDay, dayOfPost, countAt, post, noise };
  timelines.set(profile, timeline);
  return timeline;
}

export function followersOn(profile: WorldProfile, day: number): number {
  return timelineOf(profile).followersOn(day);
}

function followingOn(profile: WorldProfile, day: number): number {
  return Math.max(0, Math.round(profile.following + profile.followingPerDay * (day - profile.anchorDay)));
}

function shortcode(profile: WorldProfile, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const code = timelineOf(profile).noise('code');
  let out = '';
  for (let i = 0; i < 11; i++) out += alphabet[Math.floor(code(index, i) * alphabet.length)];
  return out;
}

/** Post `index` of the account as seen at instant `ms`: its numbers grow over its first 72 hours. */
function postAt(profile: WorldProfile, index: number, ms: number): PostPerformance {
  const base = timelineOf(profile).post(index);
  const maturity = Math.min(1, Math.max(0.05, (ms - base.postedAt) / HOUR_MS / MATURE_HOURS));
  const likes = Math.round(base.likes * maturity);
  const comments = Math.round(base.comments * maturity);
  const reach = Math.max(likes + comments, Math.round(base.reach * maturity));
  const saves = Math.round(likes * base.savesPerLike);
  const shares = Math.round(likes * base.sharesPerLike);
  return {
    id: `${Math.floor(unit(profile.seed, profile.username, 'media-id') * 9e8) + 1e8}${String(index).padStart(7, '0')}`,
    media_type: base.type,
    caption: base.caption,
    permalink: `https://sandbox.switchboard.invalid/instagram/p/${shortcode(profile, index)}/`,
    posted_at_ms: base.postedAt,
    reach,
    impressions: Math.round(reach * base.impressionsPerReach),
    likes,
    comments,
    saves,
    shares,
    video_views: base.type === 'reel' ? Math.round(reach * base.viewsPerReach) : null,
    engagement_rate: reach > 0 ? round2(((likes + comments + saves + shares) / reach) * 100) : 0,
    save_rate: reach > 0 ? round2((saves / reach) * 100) : 0,
  };
}

/** The account's numbers at instant `ms`, as a profile lookup (or an insights call) sees them. */
export function readingAt(profile: WorldProfile, ms: number): Reading {
  const timeline = timelineOf(profile);
  const day = dayOf(ms);
  const followers = timeline.followersOn(day);
  const posts = timeline.countAt(ms);
  let likes = 0;
  let comments = 0;
  const counts = { reel: 0, photo: 0, carousel: 0 };
  const first = Math.max(0, posts - RECENT_POSTS);
  for (let index = first; index < posts; index++) {
    const base = timeline.post(index);
    const maturity = Math.min(1, Math.max(0.05, (ms - base.postedAt) / HOUR_MS / MATURE_HOURS));
    likes += Math.round(base.likes * maturity);
    comments += Math.round(base.comments * maturity);
    counts[base.type]++;
  }
  const recent = posts - first;
  const avgLikes = recent === 0 ? 0 : likes / recent;
  const avgComments = recent === 0 ? 0 : comments / recent;
  const [reels, photos, carousels] = percentages([counts.reel, counts.photo, counts.carousel]);
  const drawn: Reading = {
    followers,
    following: followingOn(profile, day),
    posts,
    engagement_rate: followers > 0 ? round2(((avgLikes + avgComments) / followers) * 100) : 0,
    avg_likes: Math.round(avgLikes),
    avg_comments: Math.round(avgComments),
    posts_per_week: round1((posts - timeline.countAt(ms - 28 * DAY_MS)) / 4),
    content_mix: { reels: reels!, photos: photos!, carousels: carousels! },
  };
  return day === profile.anchorDay && profile.held ? heldReading(drawn, profile.held, avgLikes, avgComments) : drawn;
}

/**
 * The anchor day of a sandbox edit reads what the edit holds (audit 9b, P5): the posts' young
 * numbers would otherwise read below the rate sent, and 12 posts cannot show every mix. Average
 * likes and comments are the held rate's interactions, split as the posts split them.
 */
function heldReading(drawn: Reading, held: HeldReading, avgLikes: number, avgComments: number): Reading {
  const engagement = held.engagementRate;
  const interactions = engagement === undefined ? 0 : (engagement * drawn.followers) / 100;
  const likeShare = avgLikes + avgComments > 0 ? avgLikes / (avgLikes + avgComments) : 0.9;
  return {
    ...drawn,
    ...(engagement === undefined
      ? {}
      : { engagement_rate: engagement, avg_likes: Math.round(interactions * likeShare), avg_comments: Math.round(interactions * (1 - likeShare)) }),
    ...(held.postsPerWeek === undefined ? {} : { posts_per_week: held.postsPerWeek }),
    ...(held.contentMix === undefined ? {} : { content_mix: { ...held.contentMix } }),
  };
}

/** Posts made in the `days` before `ms`, newest first, at most `max`, with their numbers at `ms`. */
export function recentPostsAt(profile: WorldProfile, ms: number, days: number, max: number): PostPerformance[] {
  const posts: PostPerformance[] = [];
  for (let index = timelineOf(profile).countAt(ms) - 1; index >= 0 && posts.length < max; index--) {
    const post = postAt(profile, index, ms);
    if (post.posted_at_ms < ms - days * DAY_MS) break;
    posts.push(post);
  }
  return posts;
}

/** The audience at instant `ms`; under about 100 followers the platform reports zeros and nothing. */
export function audienceAt(profile: WorldProfile, ms: number): AudienceReading {
  const followers = followersOn(profile, dayOf(ms));
  const zeroAges = Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, 0])) as AudienceReading['age_percent'];
  if (followers < AUDIENCE_MIN_FOLLOWERS) {
    return { followers, gender_percent: { female: 0, male: 0, unknown: 0 }, age_percent: zeroAges, top_countries: [], top_cities: [] };
  }
  const day = dayOf(ms);
  const key = (...parts: (string | number)[]) => [profile.seed, profile.username, ...parts] as const;
  // Shares drift a little from day to day around the account's own.
  const drift = (field: string) => 1 + 0.04 * (2 * unit(...key(field, day)) - 1);
  const female = between(0.35, 0.72, ...key('female')) * drift('female');
  const unknown = between(0.01, 0.05, ...key('gender-unknown'));
  const male = Math.max(0, 1 - female - unknown);
  const ages = AGE_BASE.map((base, index) => base * between(0.6, 1.4, ...key('age', index)) * drift(`age${index}`));
  const ageTotal = ages.reduce((sum, value) => sum + value, 0);
  const region = REGIONS[profile.region];
  const countries = region.countries.map(([country, share], index) => ({
    country,
    share: share * between(0.8, 1.2, ...key('country', index)) * drift(`country${index}`),
  }));
  countries.sort((a, b) => b.share - a.share || (a.country < b.country ? -1 : 1));
  const cities = region.cities
    .map((city, index) => ({ city, weight: unit(...key('city', index)) }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 5)
    .map((entry, rank) => ({ city: entry.city, share: (0.16 / (rank + 1)) * drift(`city${rank}`) }));
  const hourly = profile.onlineHours
    ? Array.from({ length: 24 }, (_, hour) => {
        // A daily curve peaking in the evening of the account's main region, with noise.
        const evening = Math.cos(((hour - 19) / 24) * 2 * Math.PI);
        return Math.round(followers * (0.22 + 0.13 * evening) * between(0.9, 1.1, ...key('online', day, hour)));
      })
    : undefined;
  return {
    followers,
    gender_percent: { female: round1(female * 100), male: round1(male * 100), unknown: round1(unknown * 100) },
    age_percent: Object.fromEntries(AGE_BUCKETS.map((bucket, index) => [bucket, round1((ages[index]! / ageTotal) * 100)])) as AudienceReading['age_percent'],
    top_countries: countries.map(({ country, share }) => ({ country, count: Math.round(followers * share), percentage: round1(share * 100) })),
    top_cities: cities.map(({ city, share }) => ({ city, count: Math.round(followers * share), percentage: round1(share * 100) })),
    ...(hourly ? { online_followers_by_hour: hourly } : {}),
  };
}

/**
 * Live insights over the `days` days up to `ms`. Which metrics an account gets depends on it:
 * every account has views, reach and total interactions; 100 followers or more add accounts
 * engaged and follower growth; business accounts add profile views and website clicks.
 */
export function insightsAt(profile: WorldProfile, ms: number, days: number): Record<string, number> {
  const today = dayOf(ms);
  const timeline = timelineOf(profile);
  const [dailyReach, dailyViews, dailyInteractions, dailyProfileViews, dailyClicks] = [
    'daily-reach',
    'daily-views',
    'daily-interactions',
    'daily-profile-views',
    'daily-clicks',
  ].map(timeline.noise) as [Stream, Stream, Stream, Stream, Stream];
  let views = 0;
  let reachSum = 0;
  let interactions = 0;
  let profileViews = 0;
  let clicks = 0;
  for (let day = today - days + 1; day <= today; day++) {
    const followers = timeline.followersOn(day);
    const posted = timeline.byDay(day) - timeline.byDay(day - 1);
    const reach = followers * scale(0.12, 0.32, dailyReach(day)) * (1 + 0.5 * Math.min(posted, 2));
    reachSum += reach;
    views += reach * scale(1.4, 2, dailyViews(day));
    interactions += ((followers * profile.engagementRate) / 100) * scale(0.6, 1.4, dailyInteractions(day)) * Math.max(0.3, posted);
    profileViews += followers * scale(0.002, 0.008, dailyProfileViews(day));
    clicks += followers * scale(0.0002, 0.0012, dailyClicks(day));
  }
  const followers = followersOn(profile, today);
  const metrics: Record<string, number> = {
    views: Math.round(views),
    // Reach counts accounts once over the window, so it is less than the sum of daily reach.
    reach: Math.round(reachSum * (days === 1 ? 1 : 0.62)),
    total_interactions: Math.round(interactions),
  };
  if (followers >= INSIGHTS_MIN_FOLLOWERS) {
    metrics['accounts_engaged'] = Math.round(interactions * 0.7);
    metrics['follower_growth'] = followers - followersOn(profile, today - days);
  }
  if (profile.kind === 'business') {
    metrics['profile_views'] = Math.round(profileViews);
    metrics['website_clicks'] = Math.round(clicks);
  }
  return metrics;
}
