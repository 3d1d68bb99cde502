/**
 * The post scheduler on the virtual clock (3.5: "scheduler at scheduled_at, within about a
 * minute"). One task on core.scheduler (the one webhook retries and market snapshots use) waits
 * for the earliest scheduled post; when virtual time reaches it (`POST /_sandbox/clock/advance`,
 * or a real timer in real mode) every post then due is published or failed, earliest first (ties
 * by id), each at its own due instant and in its own transaction, and the task waits for the next.
 * "At its own due instant" holds for what the turn emits too: it runs with the posts model's clock
 * view pinned to that instant (../shared/due-clock.ts), so a `post.published` after a 2-day jump is
 * stamped with the post's `published_at`, not with the landing.
 * With a publish latency (./settings.ts) a due post first turns `publishing` and completes that
 * much later on the same clock: a second turn, taken in the same time order.
 * Scheduled posts live in the store, so they survive snapshot/restore and `serve --state`: the
 * task is re-armed on start and after a restore (which clears the scheduler).
 */
import type { CoreServices } from '../../groups/services.js';
import type { DueClock } from '../shared/due-clock.js';
import type { PostRecord } from './record.js';

/** One turn the scheduler owes a post: start publishing it (scheduled) or complete it (publishing). */
export interface DueTurn {
  readonly post: PostRecord;
  readonly at: number;
}

export interface SchedulerDeps {
  /** Every turn owed, earliest first (ties by post id). */
  readonly due: () => DueTurn[];
  /** Takes one turn as of `atMs`: the post moves on (publishing, published or failed). */
  readonly run: (post: PostRecord, atMs: number) => void;
}

export function createPostScheduler(core: CoreServices, dueClock: DueClock, deps: SchedulerDeps) {
  const { clock, scheduler, store, logger } = core;
  let cancel: (() => void) | undefined;
  let running = false;

  function arm(): void {
    cancel?.();
    cancel = undefined;
    if (!running) return;
    const first = deps.due()[0];
    if (first === undefined) return;
    cancel = scheduler.at(first.at, tick);
  }

  /**
   * Every turn now due, strictly in time order: a turn can owe another (a post that starts
   * publishing completes later, maybe within the same jump), so the list is read again after each.
   */
  function tick(): void {
    cancel = undefined;
    const now = clock.now();
    const taken = new Set<string>();
    for (;;) {
      const next = deps.due().find((turn) => !taken.has(`${turn.post.id}@${turn.at}@${turn.post.status}`));
      if (next === undefined || next.at > now) break;
      // A turn that throws leaves its post as it was: it is not taken again in this jump.
      taken.add(`${next.post.id}@${next.at}@${next.post.status}`);
      try {
        // Pinned to the turn's instant: what it emits is stamped then, not when the jump landed.
        store.transaction(() => dueClock.at(next.at, () => deps.run(next.post, next.at)));
      } catch (error) {
        logger.error(`scheduled post ${next.post.id} could not be published`, error);
      }
    }
    arm();
  }
  return {
    arm,
    start(): void {
      running = true;
      arm();
    },
    stop(): void {
      running = false;
      cancel?.();
      cancel = undefined;
    },
  };
}
