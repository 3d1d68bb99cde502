/**
 * Timers on the virtual clock. Work that is due at a virtual instant (a webhook retry, an
 * invitation expiring) is scheduled here. Due work runs when virtual time jumps past it (advance,
 * set) and, while the clock runs in real mode, when a real timer fires.
 */
import type { VirtualClock } from './clock.js';

interface Task {
  readonly seq: number;
  readonly at: number;
  readonly run: () => void;
  cancelled: boolean;
}

type TimerHandle = ReturnType<typeof setTimeout>;

/** The one real timer a scheduler has armed; kept apart so the finalizer can clear it. */
interface Armed {
  timer: TimerHandle | undefined;
}

/**
 * A simulator its user dropped without `close()` must be collectable (audit 10d, F2: ~2.3 MB
 * each was retained until the next retry fell due). The armed timer reaches the scheduler only
 * through a WeakRef, and once the scheduler is collected its pending timer is cleared.
 */
const unreachable = new FinalizationRegistry<Armed>((armed) => {
  if (armed.timer !== undefined) clearTimeout(armed.timer);
});

export class Scheduler {
  private tasks: Task[] = [];
  private seq = 0;
  private readonly armed: Armed = { timer: undefined };
  private running = false;

  constructor(private readonly clock: VirtualClock, private readonly onError: (error: unknown) => void) {
    clock.onJump(() => this.runDue());
    unreachable.register(this, this.armed);
  }

  /** Runs `run` once virtual time reaches `at`. Returns a cancel function. */
  at(at: number, run: () => void): () => void {
    const task: Task = { seq: this.seq++, at, run, cancelled: false };
    this.tasks.push(task);
    this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.arm();
    return () => {
      task.cancelled = true;
    };
  }

  after(delayMs: number, run: () => void): () => void {
    return this.at(this.clock.now() + delayMs, run);
  }

  pending(): number {
    return this.tasks.filter((t) => !t.cancelled).length;
  }

  /** Runs every task whose time has come, in time order, including tasks they schedule. */
  runDue(): void {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const next = this.tasks[0];
        if (!next || next.at > this.clock.now()) break;
        this.tasks.shift();
        if (next.cancelled) continue;
        try {
          next.run();
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.running = false;
      this.arm();
    }
  }

  /** Drops every task and real timer (reset, restore, shutdown). */
  clear(): void {
    this.tasks = [];
    this.disarm();
  }

  private arm(): void {
    this.disarm();
    const next = this.tasks[0];
    if (!next || this.clock.mode() === 'frozen') return;
    const delay = Math.max(0, Math.min(next.at - this.clock.now(), 2 ** 31 - 1));
    // Not `this`: the callback must not keep the scheduler (and the simulator around it) alive.
    const scheduler = new WeakRef(this);
    const timer = setTimeout(() => scheduler.deref()?.runDue(), delay);
    // A pending retry must not keep a CLI or a test process alive on its own.
    (timer as { unref?: () => void }).unref?.();
    this.armed.timer = timer;
  }

  private disarm(): void {
    if (this.armed.timer !== undefined) clearTimeout(this.armed.timer);
    this.armed.timer = undefined;
  }
}
