/**
 * Timers kept as records (a flow session's `due_ms`, an AI reply or follow-up): one task on the
 * virtual-clock scheduler stands for the earliest of them, re-armed after each firing, and a
 * firing runs every record due by then, earliest first, each in its own transaction, round after
 * round, since a fired record may schedule another that is also due. Records survive a snapshot;
 * the task does not, so `start` (start-up, restore) arms it again from the records.
 */
import type { Logger } from '../../core/logger.js';
import type { Scheduler } from '../../core/scheduler.js';
import type { VirtualClock } from '../../core/clock.js';
import type { Store } from '../../store/store.js';

/** Rounds one firing takes at most: a bound should timers keep scheduling due timers. */
const MAX_ROUNDS = 1000;

export interface DueTimerOptions<T extends { readonly id: number }> {
  readonly core: { readonly store: Store; readonly clock: VirtualClock; readonly scheduler: Scheduler; readonly logger: Logger };
  /** Names a record's timer in the log when firing it fails ("flow session 12 timer"). */
  readonly label: (id: number) => string;
  /** Every record that may hold a timer (an index's ids, resolved). */
  readonly pending: () => readonly T[];
  /** The record's due instant; null when it holds none. */
  readonly dueOf: (record: T) => number | null;
  /** Fires one record, inside its transaction: re-read it by `id`, it may have changed or gone. */
  readonly fire: (id: number, now: number) => void;
}

export function createDueTimers<T extends { readonly id: number }>(options: DueTimerOptions<T>) {
  const { store, clock, scheduler, logger } = options.core;
  let armed: { at: number; cancel: () => void } | undefined;
  let running = true;

  function armAt(due: number): void {
    if (!running || (armed && armed.at <= due)) return;
    armed?.cancel();
    armed = { at: due, cancel: scheduler.at(due, () => fireDue()) };
  }
  function rearm(): void {
    armed?.cancel();
    armed = undefined;
    let earliest = Infinity;
    for (const record of options.pending()) earliest = Math.min(earliest, options.dueOf(record) ?? Infinity);
    if (earliest !== Infinity) armAt(earliest);
  }
  /** Fires every due record, earliest first (then by id). */
  function fireDue(): void {
    armed = undefined;
    const now = clock.now();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const due = options
        .pending()
        .map((record) => ({ record, at: options.dueOf(record) }))
        .filter((entry): entry is { record: T; at: number } => entry.at !== null && entry.at <= now)
        .sort((a, b) => a.at - b.at || a.record.id - b.record.id);
      if (due.length === 0) break;
      for (const { record } of due) {
        try {
          store.transaction(() => options.fire(record.id, now));
        } catch (error) {
          logger.error(`${options.label(record.id)} failed`, error);
        }
      }
    }
    rearm();
  }

  return {
    armAt,
    fireDue,
    start(): void {
      running = true;
      rearm();
    },
    stop(): void {
      running = false;
      armed?.cancel();
      armed = undefined;
    },
  };
}
