/**
 * The AI comment manager's draft ledger: how many AI replies each account drafted on each UTC day,
 * one row per account and calendar month (`days[0]` is the 1st). The plan caps (3.6 `skipped`)
 * and `GET /comments/stats` `today` / `month` read it. It is apart from the handled comments on
 * purpose: those are dropped after 30 days (2.24), and a 31-day month outlives them, so counting
 * the month from them forgot the 1st's drafts on the 31st (audit 9e R1). O(1) per draft; only the
 * current and previous month are kept (a draft is never dated earlier: a seed is under 30 days old).
 */
import { z } from 'zod';
import { utcMonthOf } from '../../core/clock.js';
import type { CoreServices } from '../../groups/services.js';
import type { RecordRules } from '../../store/rules.js';
import { storedRecord } from '../shared/schemas.js';

const DAYS_IN_LONGEST_MONTH = 31;

const DraftLedgerSchema = storedRecord({
  /** The UTC calendar month, `YYYY-MM`. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** Drafts per UTC day of that month (31 entries; days a month lacks stay 0). */
  days: z.array(z.number().int().min(0)).length(DAYS_IN_LONGEST_MONTH),
});
export type DraftLedgerRecord = z.infer<typeof DraftLedgerSchema>;
const ledgerRules: RecordRules<DraftLedgerRecord> = { schema: DraftLedgerSchema, sequence: 'comment_draft_month' };

/** `YYYY-MM` of the month before `month`. */
function previousMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return utcMonthOf(Date.UTC(year, index - 2, 1));
}

const ledgerKey = (accountId: number, month: string): string => `${accountId}:${month}`;

export function createDraftLedger(core: CoreServices) {
  const { store, clock } = core;
  const ledger = store.define<DraftLedgerRecord>(
    'comment_ai_drafts',
    { month: { unique: true, key: (row) => ledgerKey(row.account_id, row.month) } },
    ledgerRules,
  );

  /** Drops the account's months older than the one before now's (what no cap or stats reads again). */
  function prune(accountId: number): void {
    const oldestKept = previousMonth(utcMonthOf(clock.now()));
    for (const row of [...ledger.ofAccount(accountId)]) if (row.month < oldestKept) ledger.remove(row.id);
  }

  function add(accountId: number, atMs: number, count: number): void {
    const month = utcMonthOf(atMs);
    const day = new Date(atMs).getUTCDate() - 1;
    const row = ledger.findUnique('month', ledgerKey(accountId, month));
    const days = row ? [...row.days] : new Array<number>(DAYS_IN_LONGEST_MONTH).fill(0);
    days[day] = days[day]! + count;
    if (row) ledger.update(row.id, { days });
    else ledger.insert({ id: store.nextId('comment_draft_month'), account_id: accountId, month, days });
  }

  return {
    /** One AI reply drafted at `atMs` (now, or a seed's past instant). */
    drafted(accountId: number, atMs: number): void {
      add(accountId, atMs, 1);
      prune(accountId);
    },

    /** AI replies drafted on the UTC day and in the UTC calendar month of `atMs`. */
    counts(accountId: number, atMs: number): { day: number; month: number } {
      const row = ledger.findUnique('month', ledgerKey(accountId, utcMonthOf(atMs)));
      if (!row) return { day: 0, month: 0 };
      return { day: row.days[new Date(atMs).getUTCDate() - 1]!, month: row.days.reduce((sum, n) => sum + n, 0) };
    },

    /**
     * A state saved before the ledger existed has none: rebuilds each such account's rows from
     * the drafts its handled comments still show (all a restore can know; older drafts are gone).
     * An account with a ledger row is left alone, as every draft since the ledger was counted.
     * Nothing is pruned here: a restore runs this before the clock takes the state's instant.
     */
    migrate(draftTimes: Iterable<{ account_id: number; created_ms: number }>): void {
      const withRows = new Set<number>();
      for (const row of ledger.values()) withRows.add(row.account_id);
      for (const draft of draftTimes) if (!withRows.has(draft.account_id)) add(draft.account_id, draft.created_ms, 1);
    },
  };
}

export type DraftLedger = ReturnType<typeof createDraftLedger>;
