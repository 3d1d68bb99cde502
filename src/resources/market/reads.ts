/**
 * The reads over stored snapshots (4.16): leaderboard, history, wins, the comparison, the
 * audience and top posts. None of them looks anything up (no channel quota is spent): what a
 * refresh or the daily snapshot stored is all they see, which is why a leaderboard is empty
 * until the first refresh.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { encodeCursor, type Page, type PageRequest } from '../../core/pagination.js';
import type { Access } from './access.js';
import type { CompetitorRecord, Competitors } from './competitors.js';
import { COMPARISON_WINDOW_DAYS, WINS_WINDOW_DAYS } from './limits.js';
import { compare, sideOf, summarise, winsAgainst, type Summary } from './metrics.js';
import type {
  AudienceData,
  ComparisonData,
  HistoryData,
  LeaderboardAccountData,
  LeaderboardData,
  TopPostData,
  WinItemData,
  WinsData,
} from './schemas.js';
import { OWN, dayOfMs, type Snapshots, type Subject } from './snapshots.js';

export interface ReadParts {
  readonly access: Access;
  readonly competitors: Competitors;
  readonly snapshots: Snapshots;
  readonly now: () => number;
  readonly iso: (ms: number) => string;
}

interface Entry {
  readonly subject: Subject;
  readonly username: string;
  readonly competitor?: CompetitorRecord;
}

export function createReads({ access, competitors, snapshots, now, iso }: ReadParts) {
  /** Your account first, then the competitors in the order they were tracked. */
  function entries(accountId: number): Entry[] {
    const own: Entry = { subject: OWN, username: access.current(accountId).own_username };
    return [
      own,
      ...competitors.list(accountId).map((competitor) => ({
        subject: { own: false as const, username: competitor.username },
        username: competitor.username,
        competitor,
      })),
    ];
  }

  function summaryOf(accountId: number, subject: Subject, days: number): Summary | undefined {
    return summarise(snapshots.window(accountId, subject, dayOfMs(now()), days));
  }

  return {
    leaderboard(accountId: number, period: number): LeaderboardData {
      const rows: Omit<LeaderboardAccountData, 'rank'>[] = [];
      for (const entry of entries(accountId)) {
        const points = snapshots.window(accountId, entry.subject, dayOfMs(now()), period);
        const summary = summarise(points);
        if (!summary) continue;
        const { growth_percent: _growth, ...numbers } = summary;
        rows.push({
          username: entry.subject.own ? points[points.length - 1]!.username : entry.username,
          display_name: points[points.length - 1]!.display_name,
          is_own_account: entry.subject.own,
          ...numbers,
        });
      }
      // Ranked by followers, then engagement rate, then handle (decisions.md).
      rows.sort((a, b) => b.followers - a.followers || b.engagement_rate - a.engagement_rate || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
      const accounts = rows.map((row, index) => ({ rank: index + 1, ...row }));
      const own = accounts.find((row) => row.is_own_account);
      return { period_days: period, your_rank: own ? own.rank : null, total_accounts: accounts.length, accounts };
    },

    history(accountId: number, period: number): HistoryData {
      const today = dayOfMs(now());
      return {
        period_days: period,
        series: entries(accountId).map((entry) => ({
          label: entry.subject.own ? 'you' : entry.username,
          username: entry.username,
          is_own_account: entry.subject.own,
          points: snapshots.window(accountId, entry.subject, today, period).map((point) => ({
            date: point.date,
            followers: point.followers,
            following: point.following,
            posts: point.posts,
            engagement_rate: point.engagement_rate,
          })),
        })),
      };
    },

    wins(accountId: number): WinsData {
      const wins: WinItemData[] = [];
      const opportunities: WinItemData[] = [];
      const you = summaryOf(accountId, OWN, WINS_WINDOW_DAYS);
      if (you) {
        for (const entry of entries(accountId).slice(1)) {
          const them = summaryOf(accountId, entry.subject, WINS_WINDOW_DAYS);
          if (!them) continue;
          const result = winsAgainst(entry.username, you, them);
          wins.push(...result.wins);
          opportunities.push(...result.opportunities);
        }
      }
      return { period_days: WINS_WINDOW_DAYS, wins, opportunities };
    },

    /** GET /competitors/{id}: you against them over the last 30 days of snapshots. */
    comparison(accountId: number, id: number, present: (row: CompetitorRecord) => ComparisonData['competitor']): ComparisonData {
      const competitor = competitors.find(accountId, id);
      if (!competitor) throw notFound('Competitor');
      const you = sideOf(summaryOf(accountId, OWN, COMPARISON_WINDOW_DAYS));
      const stored = summaryOf(accountId, { own: false, username: competitor.username }, COMPARISON_WINDOW_DAYS);
      // Before its first snapshot, a competitor is known by what the tracking lookup read.
      const them = stored ? sideOf(stored) : { followers: competitor.followers, engagement_rate: competitor.engagement_rate };
      return { competitor: present(competitor), period_days: COMPARISON_WINDOW_DAYS, ...compare(you, them) };
    },

    audience(accountId: number): AudienceData {
      const content = snapshots.ownContent(accountId);
      if (!content) throw new ApiError('not_found', 'No audience snapshot yet: it is stored by the first refresh (POST /market-intel/refresh).');
      return { snapshot_date: content.snapshot_date, ...(structuredClone(content.audience) as Omit<AudienceData, 'snapshot_date'>) };
    },

    /** Stored posts by interactions (likes, comments, saves, shares), most first; paged by position. */
    topPosts(accountId: number, page: PageRequest): Page<TopPostData> {
      const content = snapshots.ownContent(accountId);
      const posts = [...(content?.posts ?? [])].sort(
        (a, b) => b.likes + b.comments + b.saves + b.shares - (a.likes + a.comments + a.saves + a.shares) || b.posted_at_ms - a.posted_at_ms,
      );
      const start = page.after === undefined ? 0 : page.after;
      if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0) {
        throw invalidParam('starting_after', 'starting_after is not a cursor this list issued.');
      }
      const slice = posts.slice(start, start + page.limit);
      const end = start + slice.length;
      const has_more = end < posts.length;
      return {
        data: slice.map(({ posted_at_ms, ...post }) => ({ ...post, posted_at: iso(posted_at_ms), snapshot_date: content!.snapshot_date })),
        has_more,
        next_cursor: has_more ? encodeCursor(page.list, end) : null,
      };
    },
  };
}

export type Reads = ReturnType<typeof createReads>;
