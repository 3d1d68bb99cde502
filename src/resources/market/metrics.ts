/**
 * The formulas of the stored-snapshot reads (decisions.md, "the metric formulas"), pure: a
 * window of snapshot points in, leaderboard rows, comparisons and wins out.
 *
 * Over a window (the points of the last N days, oldest first):
 * - followers, following, posts, content mix: the latest point;
 * - engagement rate, average likes and comments: the mean of the window's points;
 * - follower growth per day: (last - first followers) / days between them (0 with one point);
 * - posts per week: (last - first posts) * 7 / days between, once the points span a week;
 *   before that, the latest lookup's own count of the 28 days before it;
 * - growth (wins): (last - first followers) / first, in percent.
 */
import type { ContentMixPercent, Reading } from './readings.js';
import { COMPARISON_METRICS, type WinItemData } from './schemas.js';
import { round1, round2 } from './rounding.js';

/** One day's reading of an account, as the daily snapshot keeps it. */
export interface Point extends Reading {
  readonly day: number;
  readonly date: string;
}

export interface Summary {
  readonly followers: number;
  readonly following: number;
  readonly posts: number;
  readonly engagement_rate: number;
  readonly avg_likes: number;
  readonly avg_comments: number;
  readonly posts_per_week: number;
  readonly follower_growth_per_day: number;
  /** Percent over the window; null with fewer than two days or no followers at the start. */
  readonly growth_percent: number | null;
  readonly content_mix: ContentMixPercent;
  readonly last_snapshot_date: string;
}


export function summarise(points: readonly Point[]): Summary | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return undefined;
  const span = last.day - first.day;
  const mean = (pick: (point: Point) => number) => points.reduce((sum, point) => sum + pick(point), 0) / points.length;
  return {
    followers: last.followers,
    following: last.following,
    posts: last.posts,
    engagement_rate: round2(mean((point) => point.engagement_rate)),
    avg_likes: Math.round(mean((point) => point.avg_likes)),
    avg_comments: Math.round(mean((point) => point.avg_comments)),
    posts_per_week: span >= 7 ? round1(((last.posts - first.posts) * 7) / span) : last.posts_per_week,
    follower_growth_per_day: span >= 1 ? round1((last.followers - first.followers) / span) : 0,
    growth_percent: span >= 1 && first.followers > 0 ? round2(((last.followers - first.followers) / first.followers) * 100) : null,
    content_mix: last.content_mix,
    last_snapshot_date: last.date,
  };
}

/** Higher is better for every compared metric. */
export type ComparedMetric = (typeof COMPARISON_METRICS)[number];

export interface MetricComparison {
  readonly metric: ComparedMetric;
  readonly you: number | null;
  readonly them: number | null;
  readonly difference: number | null;
  readonly you_lead: boolean | null;
}

export type Side = Partial<Record<ComparedMetric, number>>;

export function compare(you: Side, them: Side): { metrics: MetricComparison[]; your_wins: number; competitor_wins: number } {
  const metrics = COMPARISON_METRICS.map((metric): MetricComparison => {
    const a = you[metric] ?? null;
    const b = them[metric] ?? null;
    if (a === null || b === null) return { metric, you: a, them: b, difference: null, you_lead: null };
    const difference = round2(a - b);
    return { metric, you: a, them: b, difference, you_lead: difference === 0 ? null : difference > 0 };
  });
  return {
    metrics,
    your_wins: metrics.filter((m) => m.you_lead === true).length,
    competitor_wins: metrics.filter((m) => m.you_lead === false).length,
  };
}

export function sideOf(summary: Summary | undefined): Side {
  if (!summary) return {};
  return {
    followers: summary.followers,
    engagement_rate: summary.engagement_rate,
    avg_likes: summary.avg_likes,
    avg_comments: summary.avg_comments,
    posts_per_week: summary.posts_per_week,
    follower_growth_per_day: summary.follower_growth_per_day,
  };
}

/**
 * Wins and opportunities against one competitor: each of engagement (rate), growth (percent over
 * the window) and posting (posts per week) where one side is ahead; a tie or a missing number
 * gives neither.
 */
export function winsAgainst(handle: string, you: Summary, them: Summary): { wins: WinItemData[]; opportunities: WinItemData[] } {
  const wins: WinItemData[] = [];
  const opportunities: WinItemData[] = [];
  const judge = (metric: WinItemData['metric'], a: number | null, b: number | null, win: string, opportunity: string) => {
    if (a === null || b === null || a === b) return;
    (a > b ? wins : opportunities).push({ metric, competitor: handle, message: a > b ? win : opportunity });
  };
  judge(
    'engagement',
    you.engagement_rate,
    them.engagement_rate,
    `Your engagement rate (${you.engagement_rate}%) is higher than @${handle}'s (${them.engagement_rate}%).`,
    `@${handle} gets ${them.engagement_rate}% engagement to your ${you.engagement_rate}%: see what their best posts do differently.`,
  );
  judge(
    'growth',
    you.growth_percent,
    them.growth_percent,
    `You grew ${you.growth_percent}% in the last 30 days, faster than @${handle} (${them.growth_percent}%).`,
    `@${handle} grew ${them.growth_percent}% in the last 30 days to your ${you.growth_percent}%.`,
  );
  judge(
    'posting',
    you.posts_per_week,
    them.posts_per_week,
    `You post ${you.posts_per_week} times a week, more often than @${handle} (${them.posts_per_week}).`,
    `@${handle} posts ${them.posts_per_week} times a week to your ${you.posts_per_week}: a steadier cadence could help.`,
  );
  return { wins, opportunities };
}
