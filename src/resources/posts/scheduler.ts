/**
 * The post scheduler on the virtual clock (3.5: "scheduler at scheduled_at, within about a
 * minute"). One task on core.scheduler (the one webhook retries and market snapshots use) waits
 * for the earliest scheduled post; when virtual time reaches it (`POST /_sandbox/clock/advance`,
 * or a real timer in real mode) every post then due is published or failed, earliest first (ties
 * by id), each at its own due instant and in its own transaction, and the task waits for the next.
 * Scheduled posts live in the store, so they survive snapshot/restore and `serve --state`: the
 * task is re-armed on start and after a restore (which clears the scheduler).
 */
import type { CoreServices } from '../../groups/services.js';
import type { PostRecord } from './record.js';

export interface SchedulerDeps {
  /** Scheduled posts, earliest first. */
  readonly due: () => PostRecord[];
  /** When a post due at `scheduledMs` is published (a mutant makes it late). */
  readonly dueAt: (scheduledMs: number) => number;
  /** Publishes or fails one post as of `atMs`. */
  readonly run: (post: PostRecord, atMs: number) => void;
}

export function createPostScheduler(core: CoreServices, deps: SchedulerDeps) {
  const { clock, scheduler, store, logger } = core;
  let cancel: (() => void) | undefined;
  let running = false;

  function arm(): void {
    cancel?.();
    cancel = undefined;
    if (!running) return;
    const first = deps.due()[0];
    if (first === undefined) return;
    cancel = scheduler.at(deps.dueAt(first.scheduled_ms!), tick);
  }

  function tick(): void {
    cancel = undefined;
    const now = clock.now();
    for (const post of deps.due()) {
      const at = deps.dueAt(post.scheduled_ms!);
      if (at > now) break;
      try {
        store.transaction(() => deps.run(post, at));
      } catch (error) {
        logger.error(`scheduled post ${post.id} could not be published`, error);
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
