/** Tracked competitors: one row per handle per account while tracked (deleting removes the row; snapshots stay). */
import type { Entity } from '../../store/collection.js';
import type { Store } from '../../store/store.js';
import { CompetitorRecordSchema } from './records.js';
import type { CompetitorData } from './schemas.js';

export interface CompetitorRecord extends Entity {
  readonly username: string;
  readonly display_name: string;
  readonly is_verified: boolean;
  readonly followers: number;
  readonly engagement_rate: number;
  readonly status: 'active' | 'error';
  readonly last_snapshot_date: string | null;
  readonly tracked_at: string;
}

export function createCompetitors(store: Store) {
  const competitors = store.define<CompetitorRecord>(
    'market_competitors',
    { handle: { unique: true, key: (row) => `${row.account_id}|${row.username}` } },
    { schema: CompetitorRecordSchema, sequence: 'competitor' },
  );

  return {
    /** The account's competitors in the order they were tracked (a fresh array: callers may reorder it). */
    list: (accountId: number): CompetitorRecord[] => [...competitors.ofAccount(accountId)],
    count: (accountId: number): number => competitors.countOfAccount(accountId),
    find: (accountId: number, id: number): CompetitorRecord | undefined => competitors.getOwned(accountId, id),
    byHandle: (accountId: number, username: string): CompetitorRecord | undefined => competitors.findUnique('handle', `${accountId}|${username}`),

    insert(accountId: number, row: Omit<CompetitorRecord, 'id' | 'account_id'>): CompetitorRecord {
      return competitors.insert({ id: store.nextId('competitor'), account_id: accountId, ...row });
    },

    update: (id: number, patch: Partial<Omit<CompetitorRecord, 'id' | 'account_id'>>): CompetitorRecord => competitors.update(id, patch),
    remove: (id: number): void => void competitors.remove(id),

    present(row: CompetitorRecord): CompetitorData {
      return {
        id: row.id,
        username: row.username,
        display_name: row.display_name,
        is_verified: row.is_verified,
        followers: row.followers,
        engagement_rate: row.engagement_rate,
        last_snapshot_date: row.last_snapshot_date,
        status: row.status,
        tracked_at: row.tracked_at,
      };
    },
  };
}

export type Competitors = ReturnType<typeof createCompetitors>;
