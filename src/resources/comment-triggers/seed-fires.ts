/**
 * A seeded trigger's fire log (docs/decisions.md, "Seeded flow runs happened", G2): a trigger
 * that the seed says fired `fires` times has that many entries in the log the overview (2.14
 * `comment_triggers[].fires`) and GET /comment-triggers/{id}/stats count, spread evenly from its
 * creation to its last fire, the first `dms_sent` of them with their DM sent. Commenters and
 * comment ids are the seed's own (`seed:` / `seed_`), so they match no real commenter.
 */
import type { FireRecord } from './record.js';

export interface SeededCounters {
  readonly triggerId: number;
  readonly accountId: number;
  readonly fires: number;
  readonly dmsSent: number;
  readonly createdMs: number;
  readonly lastFiredMs: number;
}

export function seededFires(counters: SeededCounters, nextId: () => number): FireRecord[] {
  const { triggerId, accountId, fires, dmsSent, createdMs, lastFiredMs } = counters;
  const span = Math.max(0, lastFiredMs - createdMs);
  return Array.from({ length: fires }, (_, index) => ({
    id: nextId(),
    account_id: accountId,
    trigger_id: triggerId,
    commenter: `seed:${triggerId}:${index + 1}`,
    comment_id: `seed_${triggerId}_${index + 1}`,
    dm_sent: index < dmsSent,
    at_ms: lastFiredMs - Math.round((span * (fires - 1 - index)) / fires),
  }));
}
