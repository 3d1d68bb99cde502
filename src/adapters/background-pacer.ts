/**
 * How often a background job on the event loop (a compaction stringifying the state, ./atomic-file.ts)
 * takes its next slice: at once while the loop has nothing else to do, and, while requests are
 * being served, only after they have had nine times the last slice's time.
 *
 * Why: a slice of the compaction (64 Ki characters of JSON) costs about 0.4 ms on a loaded machine,
 * and one per turn of the loop took a third or more of a busy server's time for as long as the
 * compaction ran: GET at 100k contacts fell to 0.57x-0.62x the in-memory server in those rounds
 * (docs/decisions.md, "Write path, third pass"). Paced, the compaction takes longer while the
 * server is busy, which costs nothing but log space (the log keeps every write meanwhile), and runs
 * at full speed when it is idle. A tenth, not the first version's quarter: in paired rounds at 100k
 * contacts, GET during a compaction read 0.87x the in-memory server against 0.76x with a quarter,
 * and POST did not move (docs/decisions.md, "A compaction takes a tenth of a busy loop").
 *
 * The pause is counted in turns of the loop, never slept: each turn polls for I/O, so requests that
 * are waiting run in it; a turn that comes back at once ran nothing else, and nobody is waiting.
 * (A first version slept between slices while the loop looked busy: a timer's 1 ms floor, paid per
 * slice, made a compaction under sequential writes several times slower, and the test that a small
 * threshold keeps the log short failed.)
 */
import { performance } from 'node:perf_hooks';

/** The share of a busy loop the background job may take. */
const BUSY_SHARE = 0.1;
/** A turn of the loop that took longer than this ran other work (an empty turn takes µs). */
const BUSY_TURN_MS = 0.1;
/** Turns a pause yields at most: a bound should a clock misbehave. */
const MAX_TURNS = 10_000;

export class BackgroundPacer {
  /** Waits before the next slice, given the last slice's time on the loop. */
  async pause(sliceMs: number): Promise<void> {
    const owed = sliceMs * (1 / BUSY_SHARE - 1);
    const from = performance.now();
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      const turnFrom = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      // Nothing else ran in that turn, or the others have had their share: go on.
      if (now - turnFrom <= BUSY_TURN_MS || now - from >= owed) return;
    }
  }
}
