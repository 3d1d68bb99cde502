/**
 * The runtime's view of the virtual clock (docs/decisions.md, "Flows and the AI meet", N12): the
 * clock as it is, except while a session's timer does its work, when `now()` (and so `iso()`)
 * reads the instant the timer was due. A clock jump fires every due timer after the clock has
 * landed; with this view a delay due at +10 min sends its line, records its events and sets its
 * next timer at +10 min, as the AI stamps its replies and follow-ups at their due instants,
 * instead of at the instant the jump landed on. Only reads go through the view (the runtime never
 * moves the clock).
 */
import type { VirtualClock } from '../../core/clock.js';

export interface DueClock {
  /** The clock the runtime's engine and journal read. */
  readonly clock: VirtualClock;
  /** Runs a timer's work with the view's `now()` reading `dueMs` (never later than the real now). */
  at<T>(dueMs: number, work: () => T): T;
}

export function createDueClock(real: VirtualClock): DueClock {
  let pinned: number | undefined;
  // Every other member (iso, mode, state...) is the real clock's, reached through the prototype;
  // `iso()` defaults to `this.now()`, so it reads the pinned instant too.
  const view = Object.create(real) as VirtualClock;
  view.now = () => pinned ?? real.now();
  return {
    clock: view,
    at<T>(dueMs: number, work: () => T): T {
      const outer = pinned;
      pinned = Math.min(dueMs, real.now());
      try {
        return work();
      } finally {
        pinned = outer;
      }
    },
  };
}
