/**
 * The daily snapshot (4.16 reads stored snapshots; the issue asks for one a day on the virtual
 * clock): at every UTC midnight, each account with market access gets the day's snapshot of its
 * own account and its competitors, as a refresh would take (without the 5-minute rule, and
 * without counting as a refresh for it).
 *
 * It runs on core.scheduler, so advancing the clock a week takes seven snapshots, one per
 * midnight, each with the numbers of its own day. A jump of more than the retention (180 days)
 * snapshots only the days that would be kept. The task is re-armed after a reset or restore
 * (which clear the scheduler) and after the clock is set backwards.
 */
import type { CoreServices } from '../../groups/services.js';
import { DAY_MS, SNAPSHOT_RETENTION_DAYS } from './limits.js';

export function createDailySnapshots(core: CoreServices, snapshotAll: (atMs: number) => void) {
  const { clock, scheduler, store, logger } = core;
  let cancel: (() => void) | undefined;
  let armedAt: number | undefined;
  /** Off after `stop()` (the simulator is closing) until `start()`. */
  let running = false;

  const nextMidnight = (ms: number) => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;

  function arm(at: number): void {
    cancel?.();
    armedAt = at;
    cancel = scheduler.at(at, () => run(at));
  }

  function run(at: number): void {
    cancel = undefined;
    armedAt = undefined;
    if (!running) return;
    try {
      store.transaction(() => snapshotAll(at));
    } catch (error) {
      logger.error('daily market snapshot failed', error);
    }
    // Catch up day by day, but never further back than what retention keeps.
    const earliest = (Math.floor(clock.now() / DAY_MS) - SNAPSHOT_RETENTION_DAYS + 1) * DAY_MS;
    arm(Math.max(at + DAY_MS, earliest));
  }

  return {
    /** (Re-)arms the next midnight after now. */
    start(): void {
      running = true;
      arm(nextMidnight(clock.now()));
    },
    /** After the clock went backwards, the armed midnight may be days away: arm the next one. */
    onJump(now: number, previous: number): void {
      if (!running) return;
      if (now < previous || armedAt === undefined || armedAt > nextMidnight(now)) arm(nextMidnight(now));
    },
    stop(): void {
      running = false;
      cancel?.();
      cancel = undefined;
      armedAt = undefined;
    },
  };
}
