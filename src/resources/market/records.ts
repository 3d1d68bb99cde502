/**
 * What a restore checks of market-intelligence state (store/rules.ts): the stored shape of every
 * market collection, strictly. The world's records belong to the whole sandbox (`account_id` 0);
 * everything else belongs to one account. Competitors and snapshots name handles of the world,
 * not records, so they declare no references.
 */
import { z } from 'zod';
import { EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { REGION_NAMES } from './geography.js';
import { ACCOUNT_KINDS, SIZES } from './profiles.js';
import { AGE_BUCKETS, MEDIA_TYPES } from './readings.js';
import { CompetitorStatus, DateString, Login } from './schemas.js';

/** A handle as stored: lower-case, without the @ (schemas.ts `UsernameInput` makes it so). */
const Handle = z.string().regex(/^[a-z0-9._]{1,30}$/, 'a lower-case handle of 1 to 30 letters, digits, periods or underscores');
const Count = z.number().int().min(0);
const Percent = z.number().min(0).max(100);
const Mix = z.strictObject({ reels: z.number().min(0), photos: z.number().min(0), carousels: z.number().min(0) });

/** A record of the whole sandbox, not of an account. */
function sandboxRecord<S extends z.core.$ZodShape>(shape: S) {
  return z.strictObject({ id: z.number().int().positive(), account_id: z.literal(0), ...shape });
}

export const WorldAccountRecordSchema = sandboxRecord({
  spec: z.strictObject({
    username: Handle,
    display_name: z.string().min(1).max(100).optional(),
    kind: z.enum(ACCOUNT_KINDS),
    private: z.boolean().optional(),
    verified: z.boolean().optional(),
    size: z.enum(SIZES).optional(),
    region: z.enum(REGION_NAMES).optional(),
    followers: Count.optional(),
    following: Count.optional(),
    posts: Count.optional(),
    growth_per_day: z.number().optional(),
    posts_per_week: z.number().min(0).optional(),
    engagement_rate: Percent.optional(),
    content_mix: Mix.optional(),
    online_hours: z.boolean().optional(),
  }),
  /** The day (since 1970-01-01 UTC) the spec's numbers hold on. */
  anchor_day: z.number().int(),
  /** What that day reads exactly (profiles.ts `HeldReading`); absent when no edit anchored the account. */
  held: z
    .strictObject({ engagement_rate: Percent.optional(), posts_per_week: z.number().min(0).optional(), content_mix: Mix.optional() })
    .optional(),
});

export const WorldSeedRecordSchema = sandboxRecord({ seed: z.string().min(1).max(100) });

export const MarketSettingsRecordSchema = storedRecord({
  login: Login,
  insights_permission: z.boolean(),
  own_username: Handle,
  last_refresh_ms: EpochMs.nullable(),
  refused_lookups: z.array(Handle),
});

export const CompetitorRecordSchema = storedRecord({
  username: Handle,
  display_name: z.string().max(200),
  is_verified: z.boolean(),
  followers: Count,
  engagement_rate: z.number().min(0),
  status: CompetitorStatus,
  last_snapshot_date: DateString.nullable(),
  tracked_at: Timestamp,
});

export const SnapshotRecordSchema = storedRecord({
  own: z.boolean(),
  username: Handle,
  display_name: z.string().max(200),
  day: z.number().int(),
  date: DateString,
  taken_at: Timestamp,
  followers: Count,
  following: Count,
  posts: Count,
  engagement_rate: z.number().min(0),
  avg_likes: Count,
  avg_comments: Count,
  posts_per_week: z.number().min(0),
  content_mix: Mix,
});

const Share = z.strictObject({ count: Count, percentage: Percent });

export const OwnContentRecordSchema = storedRecord({
  snapshot_date: DateString,
  audience: z.strictObject({
    followers: Count,
    gender_percent: z.strictObject({ female: Percent, male: Percent, unknown: Percent }),
    age_percent: z.strictObject(Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, Percent])) as Record<(typeof AGE_BUCKETS)[number], typeof Percent>),
    top_countries: z.array(Share.extend({ country: z.string().min(1) })),
    top_cities: z.array(Share.extend({ city: z.string().min(1) })),
    online_followers_by_hour: z.array(Count).length(24).optional(),
  }),
  posts: z.array(
    z.strictObject({
      id: z.string().min(1),
      media_type: z.enum(MEDIA_TYPES),
      caption: z.string(),
      permalink: z.string(),
      posted_at_ms: z.number().int(),
      reach: Count,
      impressions: Count,
      likes: Count,
      comments: Count,
      saves: Count,
      shares: Count,
      video_views: Count.nullable(),
      engagement_rate: z.number().min(0),
      save_rate: z.number().min(0),
    }),
  ),
});
