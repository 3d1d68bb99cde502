/**
 * The market-intelligence numbers in one place (2.30, 4.16, section 8; our choices for what the
 * spec leaves open are in docs/decisions.md, "Market intelligence").
 */
import type { Plan } from '../../core/types.js';

/** Section 8: competitor slots per plan (the spec's "Professional" is our `pro`). */
export const COMPETITOR_SLOTS: Readonly<Record<Plan, number>> = { free: 1, creator: 3, pro: 5, business: 10 };

/** Section 8: one market refresh per 5 minutes per account. */
export const REFRESH_INTERVAL_MS = 5 * 60_000;

/** 4.16: `period` of the leaderboard and history. */
export const PERIODS = ['7', '30', '90'] as const;
export const DEFAULT_PERIOD = 30;

/** 2.30: wins and opportunities are computed over the last 30 days. */
export const WINS_WINDOW_DAYS = 30;

/** The comparison (GET /competitors/{id}) reads the same window as the default leaderboard. */
export const COMPARISON_WINDOW_DAYS = 30;

/** 4.16: `days` of live insights. */
export const INSIGHT_DAYS = ['1', '7', '30'] as const;
export const DEFAULT_INSIGHT_DAYS = 7;

/** Section 8: top posts `limit` 1 to 50, default 12. */
export const TOP_POSTS_DEFAULT = 12;
export const TOP_POSTS_MAX = 50;

/** Posts kept with the own account's latest snapshot (the top-posts pool): the last 60 days, at most 50. */
export const STORED_POST_DAYS = 60;
export const STORED_POST_MAX = 50;

/** 4.16: "accounts under roughly 100 followers get zeros and empty lists" in the audience. */
export const AUDIENCE_MIN_FOLLOWERS = 100;

/** Insights metrics that need at least this many followers (Instagram's own threshold). */
export const INSIGHTS_MIN_FOLLOWERS = 100;

/** Snapshots older than this are dropped; the longest read (period 90) needs 90 days. */
export const SNAPSHOT_RETENTION_DAYS = 180;

/** Posts averaged for likes, comments, engagement rate and content mix. */
export const RECENT_POSTS = 12;

/** Instagram usernames: 1 to 30 letters, digits, periods and underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._]{1,30}$/;

export const DAY_MS = 86_400_000;
