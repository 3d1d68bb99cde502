/**
 * Which threads raised each knowledge gap (audit 5, N1): one row per (gap, thread), so a gap a
 * thousand customers asked costs a thousand small rows, not a list copied and re-indexed at every
 * sighting. A gap has rows only when every sighting's thread is known (heard from messages, or a
 * sandbox gap seen once in a named thread); then its last row going means no customer who asked
 * is left. Gaps without rows (sightings in threads nobody named) follow the I3 rule (./gaps.ts).
 */
import { z } from 'zod';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import { storedRecord } from '../shared/schemas.js';

export interface GapThreadRecord extends Entity {
  readonly gap_id: number;
  /** Informational like a gap's own `conversation_id`: the sandbox may name any thread. */
  readonly conversation_id: number;
}

const pairKey = (gapId: number, conversationId: number): string => `${gapId}:${conversationId}`;

export function createGapThreads(core: CoreServices) {
  const { store } = core;
  const rows = store.define<GapThreadRecord>(
    'knowledge_gap_threads',
    {
      pair: { unique: true, key: (row) => pairKey(row.gap_id, row.conversation_id) },
      gap: { key: (row) => String(row.gap_id) },
      conversation: { key: (row) => String(row.conversation_id) },
    },
    {
      schema: storedRecord({ gap_id: z.number().int().positive(), conversation_id: z.number().int().positive() }),
      sequence: 'knowledge_gap_thread',
      refs: { gap_id: 'knowledge_gaps' },
    },
  );

  return {
    /** Whether the gap's threads are all known (it has rows). */
    tracked: (gapId: number): boolean => rows.idsByIndex('gap', String(gapId)).length > 0,

    /** The thread raised the gap (once per pair). */
    add(accountId: number, gapId: number, conversationId: number): void {
      if (rows.findUnique('pair', pairKey(gapId, conversationId))) return;
      rows.insert({ id: store.nextId('knowledge_gap_thread'), account_id: accountId, gap_id: gapId, conversation_id: conversationId });
    },

    /** The thread is gone: its rows go; answers the gaps it had raised and how many threads each has left. */
    drop(accountId: number, conversationId: number): { gapId: number; left: number }[] {
      const touched: { gapId: number; left: number }[] = [];
      for (const id of [...rows.idsByIndex('conversation', String(conversationId))]) {
        const row = rows.get(id);
        if (!row || row.account_id !== accountId) continue;
        rows.remove(id);
        touched.push({ gapId: row.gap_id, left: rows.idsByIndex('gap', String(row.gap_id)).length });
      }
      return touched;
    },
  };
}

export type GapThreads = ReturnType<typeof createGapThreads>;
