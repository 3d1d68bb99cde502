import { describe, expect, it } from 'vitest';
import { BackgroundPacer } from './background-pacer.js';

/** Keeps the CPU for `ms` (the work of one slice, or of one request). */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs `slices` slices of `sliceMs` through a pacer; returns the elapsed time. */
async function runJob(slices: number, sliceMs: number): Promise<number> {
  const pacer = new BackgroundPacer();
  const from = performance.now();
  for (let i = 0; i < slices; i++) {
    const sliceFrom = performance.now();
    spin(sliceMs);
    await pacer.pause(performance.now() - sliceFrom);
  }
  return performance.now() - from;
}

describe('BackgroundPacer', () => {
  it('runs slices back to back while nothing else wants the event loop', async () => {
    // Slept between slices (a timer's 1 ms floor each), 60 slices of 0.2 ms would take 72 ms at least.
    expect(await runJob(60, 0.2)).toBeLessThan(60);
  });

  it('leaves most of a busy event loop to the other work (requests) while it runs', async () => {
    // The other work: 1 ms at a time, always ready again (a server under load).
    let otherMs = 0;
    let running = true;
    const other = (): void => {
      if (!running) return;
      spin(1);
      otherMs += 1;
      setImmediate(other);
    };
    setImmediate(other);
    await runJob(40, 1);
    running = false;
    // Unpaced, the two would alternate (1 ms each per turn); paced, the other work gets about 9 ms
    // for each of the job's. Counted in work done, not wall time: a loaded machine stretches both.
    // Above 6: a quarter's share (3 ms each) fails it.
    expect(otherMs / 40).toBeGreaterThan(6);
  });
});
