/**
 * Stored snapshots: one point per account per day (a later lookup the same day replaces the
 * day's point), for your own account and each tracked handle. They are kept by handle, so
 * deleting a competitor keeps its history (3.7) and tracking it again brings it back. Your own
 * account's latest audience and recent posts are kept beside them (the audience and top posts).
 */
import type { Entity } from '../../store/collection.js';
import type { Store } from '../../store/store.js';
import { DAY_MS, SNAPSHOT_RETENTION_DAYS } from './limits.js';
import type { AudienceReading, PostPerformance, Reading } from './readings.js';
import { OwnContentRecordSchema, SnapshotRecordSchema } from './records.js';

export interface SnapshotRecord extends Entity, Reading {
  readonly own: boolean;
  /** The handle at the time (your own handle may change; your series is keyed by `own`). */
  readonly username: string;
  readonly display_name: string;
  readonly day: number;
  readonly date: string;
  readonly taken_at: string;
}

export interface OwnContentRecord extends Entity {
  readonly snapshot_date: string;
  readonly audience: AudienceReading;
  readonly posts: readonly PostPerformance[];
}

/** Who a series belongs to: your own account, or a tracked handle. */
export type Subject = { readonly own: true } | { readonly own: false; readonly username: string };

export const OWN: Subject = { own: true };

const subjectKey = (accountId: number, subject: Subject): string => (subject.own ? `${accountId}|own` : `${accountId}|@${subject.username}`);

export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayOfMs = (ms: number): number => Math.floor(ms / DAY_MS);

export function createSnapshots(store: Store) {
  const snapshots = store.define<SnapshotRecord>(
    'market_snapshots',
    {
      point: { unique: true, key: (row) => `${subjectKey(row.account_id, row.own ? { own: true } : { own: false, username: row.username })}|${row.day}` },
      subject: { key: (row) => subjectKey(row.account_id, row.own ? { own: true } : { own: false, username: row.username }) },
    },
    { schema: SnapshotRecordSchema, sequence: 'market_snapshot' },
  );
  const ownContent = store.define<OwnContentRecord>(
    'market_own_content',
    { account: { unique: true, key: (row) => String(row.account_id) } },
    { schema: OwnContentRecordSchema, sequence: 'market_own_content' },
  );

  /** A subject's points, oldest first. */
  function series(accountId: number, subject: Subject): SnapshotRecord[] {
    const rows: SnapshotRecord[] = [];
    for (const id of snapshots.idsByIndex('subject', subjectKey(accountId, subject))) {
      const row = snapshots.get(id);
      if (row) rows.push(row);
    }
    return rows.sort((a, b) => a.day - b.day);
  }

  return {
    series,

    /** Points of the `days` days up to `today` (inclusive), oldest first. */
    window(accountId: number, subject: Subject, today: number, days: number): SnapshotRecord[] {
      return series(accountId, subject).filter((row) => row.day > today - days && row.day <= today);
    },

    latest(accountId: number, subject: Subject): SnapshotRecord | undefined {
      const rows = series(accountId, subject);
      return rows[rows.length - 1];
    },

    /** Stores the day's point (replacing an earlier one of the same day) and drops expired ones. */
    put(accountId: number, subject: Subject, point: Omit<SnapshotRecord, 'id' | 'account_id' | 'own' | 'date'> & { username: string }): SnapshotRecord {
      const key = `${subjectKey(accountId, subject)}|${point.day}`;
      const existing = snapshots.findUnique('point', key);
      const record = { ...point, own: subject.own, date: dateOf(point.day) };
      const stored = existing
        ? snapshots.update(existing.id, record)
        : snapshots.insert({ id: store.nextId('market_snapshot'), account_id: accountId, ...record });
      // Ids ascend with time, so the first of a subject is its oldest point (unless the clock was
      // set back; such a point waits until it is first again). Cheap enough to do on every put.
      for (;;) {
        const first = snapshots.idsByIndex('subject', subjectKey(accountId, subject)).first();
        const oldest = first === undefined ? undefined : snapshots.get(first);
        if (!oldest || oldest.day > point.day - SNAPSHOT_RETENTION_DAYS) break;
        snapshots.remove(oldest.id);
      }
      return stored;
    },

    ownContent: (accountId: number): OwnContentRecord | undefined => ownContent.findUnique('account', String(accountId)),

    putOwnContent(accountId: number, content: Omit<OwnContentRecord, 'id' | 'account_id'>): void {
      const existing = ownContent.findUnique('account', String(accountId));
      if (existing) ownContent.update(existing.id, content);
      else ownContent.insert({ id: store.nextId('market_own_content'), account_id: accountId, ...content });
    },
  };
}

export type Snapshots = ReturnType<typeof createSnapshots>;
