/**
 * Market intelligence shapes (2.30), the request bodies and queries of 4.16, and the sandbox's
 * world and connection shapes. No logic here.
 */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { NullableTimestamp, Timestamp } from '../shared/schemas.js';
import { REGION_NAMES } from './geography.js';
import { DEFAULT_INSIGHT_DAYS, DEFAULT_PERIOD, INSIGHT_DAYS, PERIODS, USERNAME_PATTERN } from './limits.js';
import { ACCOUNT_KINDS, SIZES } from './profiles.js';
import { AGE_BUCKETS, MEDIA_TYPES } from './readings.js';

export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A UTC date, YYYY-MM-DD.');

/** A handle as sent: with or without a leading @, any case. Read as lower-case without the @. */
export const UsernameInput = z
  .string()
  .max(31, 'must be at most 30 characters after an optional @')
  .regex(/^@?[^@]/, 'must name an account, not only @')
  .transform((value) => (value.startsWith('@') ? value.slice(1) : value))
  .pipe(z.string().regex(USERNAME_PATTERN, 'must be 1 to 30 letters, digits, periods or underscores'))
  .transform((value) => value.toLowerCase())
  .describe('An Instagram username, with or without the leading @ (case-insensitive).');

// ---- Competitors (2.30, 4.16) ----

export const CompetitorStatus = z.enum(['active', 'error']).describe('`error` when the last lookup was refused.');

export const Competitor = named(
  'Competitor',
  z.object({
    id: z.number().int(),
    username: z.string().describe('Without the @, lower-case.'),
    display_name: z.string(),
    is_verified: z.boolean(),
    followers: z.number().int(),
    engagement_rate: z.number().describe('Percent: average likes and comments of recent posts per follower.'),
    last_snapshot_date: DateString.nullable().describe('The date of the latest stored snapshot; null before the first refresh.'),
    status: CompetitorStatus,
    tracked_at: Timestamp,
  }),
);

export const CompetitorListFields = z.object({
  tracked: z.number().int().describe('Competitors tracked now.'),
  max_tracked: z.number().int().describe('Competitor slots of the plan: 1 Free, 3 Creator, 5 Pro, 10 Business.'),
  remaining: z.number().int().describe('Slots still free.'),
});

export const TrackCompetitorBody = z.strictObject({
  username: UsernameInput,
});

export const DeletedCompetitor = named(
  'DeletedCompetitor',
  z.object({ id: z.number().int(), object: z.literal('competitor'), deleted: z.literal(true) }),
);

export const COMPARISON_METRICS = ['followers', 'engagement_rate', 'avg_likes', 'avg_comments', 'posts_per_week', 'follower_growth_per_day'] as const;

export const ComparisonMetric = z.object({
  metric: z.enum(COMPARISON_METRICS),
  you: z.number().nullable(),
  them: z.number().nullable(),
  difference: z.number().nullable().describe('you minus them; null when either is unknown.'),
  you_lead: z.boolean().nullable().describe('null when neither side is better (equal, or a side is unknown).'),
});

export const Comparison = named(
  'CompetitorComparison',
  z.object({
    competitor: Competitor,
    period_days: z.number().int(),
    metrics: z.array(ComparisonMetric),
    your_wins: z.number().int(),
    competitor_wins: z.number().int(),
  }),
);

// ---- Leaderboard, history, wins (2.30) ----

export const ContentMix = z
  .object({ reels: z.number().int(), photos: z.number().int(), carousels: z.number().int() })
  .describe('Percent of recent posts by type; sums to 100, or all 0 without posts.');

export const LeaderboardAccount = z.object({
  rank: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  is_own_account: z.boolean(),
  followers: z.number().int(),
  following: z.number().int(),
  posts: z.number().int(),
  engagement_rate: z.number(),
  avg_likes: z.number().int(),
  avg_comments: z.number().int(),
  posts_per_week: z.number(),
  follower_growth_per_day: z.number(),
  content_mix: ContentMix,
  last_snapshot_date: DateString,
});

export const Leaderboard = named(
  'MarketLeaderboard',
  z.object({
    period_days: z.number().int(),
    your_rank: z.number().int().nullable().describe('Null until your own account has a snapshot.'),
    total_accounts: z.number().int(),
    accounts: z.array(LeaderboardAccount),
  }),
);

export const HistoryPoint = z.object({
  date: DateString,
  followers: z.number().int(),
  following: z.number().int(),
  posts: z.number().int(),
  engagement_rate: z.number(),
});

export const HistorySeries = z.object({
  label: z.string().describe('The handle, or `you` for your own account.'),
  username: z.string(),
  is_own_account: z.boolean(),
  points: z.array(HistoryPoint).describe('One per day with a snapshot, oldest first.'),
});

export const History = named('MarketHistory', z.object({ period_days: z.number().int(), series: z.array(HistorySeries) }));

export const WIN_METRICS = ['engagement', 'growth', 'posting'] as const;

export const WinItem = z.object({
  metric: z.enum(WIN_METRICS),
  competitor: z.string().describe('The competitor’s handle.'),
  message: z.string(),
});

export const Wins = named(
  'MarketWins',
  z.object({ period_days: z.number().int(), wins: z.array(WinItem), opportunities: z.array(WinItem) }),
);

// ---- Audience, top posts, insights (2.30) ----

const CountShare = { count: z.number().int(), percentage: z.number() };

export const Audience = named(
  'MarketAudience',
  z.object({
    snapshot_date: DateString,
    followers: z.number().int(),
    gender_percent: z.object({ female: z.number(), male: z.number(), unknown: z.number() }),
    age_percent: z.object(Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, z.number()])) as Record<(typeof AGE_BUCKETS)[number], z.ZodNumber>),
    top_countries: z.array(z.object({ country: z.string().describe('ISO 3166-1 alpha-2.'), ...CountShare })),
    top_cities: z.array(z.object({ city: z.string(), ...CountShare })),
    online_followers_by_hour: z
      .array(z.number().int())
      .length(24)
      .optional()
      .describe('Followers online in each UTC hour, 0 to 23. Often omitted (the platform does not always report it).'),
  }),
);

export const TopPost = named(
  'MarketTopPost',
  z.object({
    id: z.string(),
    media_type: z.enum(MEDIA_TYPES),
    caption: z.string(),
    permalink: z.string(),
    posted_at: Timestamp,
    reach: z.number().int(),
    impressions: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    saves: z.number().int(),
    shares: z.number().int(),
    video_views: z.number().int().nullable().describe('Reels only; null for photos and carousels.'),
    engagement_rate: z.number().describe('Percent: likes, comments, saves and shares per account reached.'),
    save_rate: z.number().describe('Percent: saves per account reached.'),
    snapshot_date: DateString,
  }),
);

export const Insights = named(
  'MarketInsights',
  z.object({
    days: z.number().int(),
    metrics: z.record(z.string(), z.number()).describe('Keys vary by account eligibility: views, reach, total_interactions; accounts_engaged and follower_growth from 100 followers; profile_views and website_clicks for business accounts.'),
  }),
);

export const RefreshError = z.object({
  username: z.string(),
  competitor_id: z.number().int().nullable().describe('Null for your own account.'),
  code: z.enum(['lookup_refused', 'not_public', 'not_found']),
  message: z.string(),
});

export const RefreshResult = named(
  'MarketRefreshResult',
  z.object({
    refreshed: z.number().int().describe('Accounts whose numbers were pulled (your own and competitors).'),
    errors: z.array(RefreshError),
    snapshot_date: DateString,
  }),
);

// ---- Queries ----

export const PeriodQuery = z.object({
  period: z
    .enum(PERIODS)
    .default(String(DEFAULT_PERIOD) as (typeof PERIODS)[number])
    .transform(Number)
    .describe('Days: 7, 30 (default) or 90.'),
});

export const InsightsQuery = z.object({
  days: z
    .enum(INSIGHT_DAYS)
    .default(String(DEFAULT_INSIGHT_DAYS) as (typeof INSIGHT_DAYS)[number])
    .transform(Number)
    .describe('Days: 1, 7 (default) or 30.'),
});

// ---- Sandbox: connection, own profile, the world ----

export const LOGINS = ['full', 'basic', 'none'] as const;
export const Login = z
  .enum(LOGINS)
  .describe('How the Meta channel group is connected: `full` (the full-permission login), `basic` (messaging only) or `none`.');

export const MarketState = z.object({
  login: Login,
  insights_permission: z.boolean(),
  access: z.boolean().describe('Whether market intelligence answers (full login and Instagram connected); else 403 feature_unavailable.'),
  own_username: z.string(),
  last_refresh_at: NullableTimestamp,
  refused_lookups: z.array(z.string()).describe('Handles whose lookups this account’s refreshes see refused.'),
  world_seed: z.string(),
});

export const SetConnectionBody = z
  .strictObject({ login: Login.optional(), insights_permission: z.boolean().optional() })
  .refine((body) => body.login !== undefined || body.insights_permission !== undefined, {
    message: 'send login and/or insights_permission',
    path: ['login'],
  });

const Count = z.number().int().min(0).max(1_000_000_000);

export const WorldAccountFields = {
  display_name: z.string().min(1).max(100).optional(),
  kind: z.enum(ACCOUNT_KINDS).optional().describe('business and creator accounts are trackable; personal ones are not.'),
  private: z.boolean().optional().describe('Private accounts cannot be tracked.'),
  verified: z.boolean().optional(),
  size: z.enum(SIZES).optional().describe('Rough audience size the generator draws followers from (ignored when followers is given).'),
  region: z.enum(REGION_NAMES).optional().describe('Where the audience lives.'),
  followers: Count.optional().describe('Followers today (the virtual day of the edit); they move from there.'),
  following: Count.optional(),
  posts: Count.optional().describe('Posts today (the virtual day of the edit); new ones arrive at posts_per_week from there.'),
  growth_per_day: z.number().min(-1_000_000).max(1_000_000).optional().describe('Followers gained per day (negative: shrinking).'),
  posts_per_week: z.number().min(0.25).max(70).optional().describe('Cadence; today reads it to one decimal.'),
  engagement_rate: z.number().min(0).max(100).optional().describe('Percent of followers engaging per post; today reads it exactly (to two decimals), later days move from there.'),
  content_mix: z
    .strictObject({ reels: z.number().min(0).max(100), photos: z.number().min(0).max(100), carousels: z.number().min(0).max(100) })
    .refine((mix) => mix.reels + mix.photos + mix.carousels > 0, { message: 'at least one weight must be positive' })
    .optional()
    .describe('Relative weights of posts by type; today reads them as whole percentages adding up to 100.'),
  online_hours: z.boolean().optional().describe('Whether the audience reports followers online by hour.'),
};

export const WorldAccountBody = z.strictObject({ username: UsernameInput, ...WorldAccountFields });

/** The seed's `profile`: the account's own handle and, optionally, its numbers in the world. */
export const OwnProfileBody = z.strictObject({ username: UsernameInput.optional(), ...WorldAccountFields });

/**
 * `POST /_sandbox/market/profile`: an account power sets its own handle only. The handle's
 * numbers are the world's, which every account reads (an operator power: `POST /market/world`).
 */
export const OwnHandleBody = z.strictObject({ username: UsernameInput });

export const WorldAccount = z.object({
  username: z.string(),
  display_name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  private: z.boolean(),
  verified: z.boolean(),
  trackable: z.boolean().describe('A public business or creator account.'),
  size: z.enum(SIZES),
  region: z.enum(REGION_NAMES),
  source: z.enum(['catalogue', 'sandbox']),
  today: z.object({
    date: DateString,
    followers: z.number().int(),
    following: z.number().int(),
    posts: z.number().int(),
    engagement_rate: z.number(),
    posts_per_week: z.number(),
    content_mix: ContentMix,
  }),
});

export const UsernameParams = z.object({ username: UsernameInput });

export const LookupFaultBody = z.strictObject({
  username: UsernameInput,
  refused: z.boolean().default(true).describe('true: this account’s lookups of the handle are refused (competitor status error); false: lifted.'),
});

export const WorldSeedBody = z.strictObject({
  seed: z.string().min(1).max(100).describe('Every generated number is drawn from this seed; the default is `switchboard`.'),
});

export const WorldSeed = z.object({ seed: z.string() });

export type CompetitorData = z.infer<typeof Competitor>;
export type ComparisonData = z.infer<typeof Comparison>;
export type LeaderboardData = z.infer<typeof Leaderboard>;
export type LeaderboardAccountData = z.infer<typeof LeaderboardAccount>;
export type HistoryData = z.infer<typeof History>;
export type WinsData = z.infer<typeof Wins>;
export type WinItemData = z.infer<typeof WinItem>;
export type AudienceData = z.infer<typeof Audience>;
export type TopPostData = z.infer<typeof TopPost>;
export type RefreshResultData = z.infer<typeof RefreshResult>;
export type RefreshErrorData = z.infer<typeof RefreshError>;
export type MarketStateData = z.infer<typeof MarketState>;
export type WorldAccountData = z.infer<typeof WorldAccount>;
export type WorldAccountInput = z.output<typeof WorldAccountBody>;
export type OwnProfileInput = z.output<typeof OwnProfileBody>;
export type LoginMode = z.infer<typeof Login>;
