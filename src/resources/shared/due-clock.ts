/**
 * A group's view of the virtual clock for work that was due at an instant (docs/decisions.md,
 * "Flows and the AI meet", N12, and "Scheduled posts' events at their due instants"): the clock
 * as it is, except while due work runs, when `now()` (and so `iso()`) reads the instant it was
 * due. A clock jump runs every due timer after the clock has landed; with this view a flow delay
 * due at +10 min sends its line, records its events and sets its next timer at +10 min, and a post
 * due at 15:10 is published with its `post.published` event stamped 15:10, as the AI stamps its
 * replies and follow-ups at their due instants, instead of at the instant the jump landed on.
 * Only reads go through the view (no one moves the clock); users: the flow runtime (session
 * timers) and the posts scheduler.
 */
import type { VirtualClock } from '../../core/clock.js';

export interface DueClock {
  /** The clock the group's due work reads. */
  readonly clock: VirtualClock;
  /** Runs due work with the view's `now()` reading `dueMs` (never later than the real now). */
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
