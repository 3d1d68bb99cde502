/**
 * How often a background job on the event loop (a compaction stringifying the state, ./atomic-file.ts)
 * takes its next slice: at once while the loop has nothing else to do, and, while requests are
 * being served, after a pause that leaves them most of the loop.
 *
 * Why: a slice of the compaction (64 Ki characters of JSON) costs about 0.4 ms on a loaded machine,
 * and one per turn of the loop took a third or more of a busy server's time for as long as the
 * compaction ran: GET at 100k contacts fell to 0.72x the in-memory server in those rounds
 * (docs/decisions.md, "Write path, third pass"). Paced, the compaction takes longer while the
 * server is busy, which costs nothing but log space (the log keeps every write meanwhile), and runs
 * at full speed when it is idle.
 *
 * Busy is measured, not guessed: an immediate that fired late ran behind other callbacks (I/O:
 * requests); a pause the loop spent mostly active was spent serving something.
 */

import { performance } from 'node:perf_hooks';

/** The share of a busy loop the background job may take. */
const BUSY_SHARE = 0.25;
/** A turn of the loop that took longer than this between two slices ran other work. */
const BUSY_TURN_MS = 0.25;

export class BackgroundPacer {
  private paced = false;

  /** Waits before the next slice, given the last slice's time on the loop. */
  async pause(sliceMs: number): Promise<void> {
    if (!this.paced) {
      const from = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      if (performance.now() - from > BUSY_TURN_MS) this.paced = true;
      return;
    }
    const before = performance.eventLoopUtilization();
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, sliceMs * (1 / BUSY_SHARE - 1))));
    // The loop slept through most of the pause: nothing else wants it, go on at full speed.
    if (performance.eventLoopUtilization(before).utilization < 0.5) this.paced = false;
  }
}
