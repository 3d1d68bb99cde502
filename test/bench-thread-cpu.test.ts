/**
 * bench/thread-cpu.ts: the CPU accounting `bench state` reports beside the disk's ceiling (what a
 * durable answer costs in CPU against an in-memory one). Linux only (/proc), as the bench row is.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CpuPerRequest, sampleCpu, threadCpuAvailable, type CpuSample } from '../bench/thread-cpu.js';

/**
 * Busy on this (the main) thread until /proc charges it `ms` more of CPU, or `limitMs` of wall
 * time pass. Counted from the main thread's own figure, not process.cpuUsage(): that one sums
 * every thread (GC helpers, the pool), so on a loaded machine it reached 120 ms while the main
 * thread had 30 ms, and the test failed in CI for a reason that was not the accounting's.
 */
function spinMain(ms: number, limitMs = 10_000): number {
  const start = sampleCpu(process.pid).mainUs;
  const deadline = Date.now() + limitMs;
  for (;;) {
    for (let i = 0; i < 100_000; i++) Math.sqrt(i);
    const used = sampleCpu(process.pid).mainUs - start;
    if (used >= ms * 1000 || Date.now() > deadline) return used;
  }
}

/** Waits (off this thread) until /proc charges the other threads `ms` more, or `limitMs` pass. */
async function untilOtherThreads(from: number, ms: number, limitMs = 10_000): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const used = sampleCpu(process.pid).otherThreadsUs - from;
    if (used >= ms * 1000 || Date.now() > deadline) return used;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until the other threads are idle (under 5 ms of CPU in 50 ms), or `limitMs` pass: right
 * after a test file's imports, V8 compiles on its background threads, which a fresh-clone CI run
 * charged 240 ms during the main thread's 130 ms spin below.
 */
async function untilOtherThreadsQuiet(limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const from = sampleCpu(process.pid).otherThreadsUs;
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (sampleCpu(process.pid).otherThreadsUs - from < 5_000 || Date.now() > deadline) return;
  }
}

describe.runIf(threadCpuAvailable())('thread CPU accounting (bench state)', () => {
  it('charges work on the main thread to the main thread, and a worker\'s to the other threads', async () => {
    await untilOtherThreadsQuiet();
    const before = sampleCpu(process.pid);
    // The main thread's work shows on the main thread (within the 10 s the machine may take to
    // give it 120 ms), and the other threads get less of it than the main thread did.
    const onMain = spinMain(120);
    const afterMain = sampleCpu(process.pid);
    expect(onMain).toBeGreaterThanOrEqual(120_000);
    expect(afterMain.otherThreadsUs - before.otherThreadsUs).toBeLessThan(afterMain.mainUs - before.mainUs);
    // A thread's time is counted while it lives (an ended thread leaves /proc/<pid>/task): sample
    // while the worker spins. The main thread sleeps meanwhile, so what grows is the worker's.
    const worker = new Worker('while (true);', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    const workerStarted = sampleCpu(process.pid);
    const onWorker = await untilOtherThreads(workerStarted.otherThreadsUs, 60);
    const afterWorker = sampleCpu(process.pid);
    await worker.terminate();
    expect(onWorker).toBeGreaterThanOrEqual(60_000);
    expect(afterWorker.mainUs - workerStarted.mainUs).toBeLessThan(onWorker);
    expect(afterWorker.machineTotal).toBeGreaterThan(before.machineTotal);
  });

  it('divides each kind of CPU time by the requests answered over all rounds', () => {
    const sample = (mainUs: number, otherThreadsUs: number, benchUs: number, machineIdle: number, machineTotal: number): CpuSample => ({ mainUs, otherThreadsUs, benchUs, machineIdle, machineTotal });
    const cpu = new CpuPerRequest();
    expect(cpu.measured).toBe(false);
    cpu.add(sample(0, 0, 0, 0, 0), sample(1_000, 400, 600, 25, 100), 10);
    cpu.add(sample(5_000, 5_000, 5_000, 100, 200), sample(6_000, 5_400, 5_600, 125, 300), 10);
    expect(cpu.measured).toBe(true);
    expect(cpu.perRequest()).toEqual({ main: 100, otherThreads: 40, bench: 60, total: 200, idleShare: 0.25 });
  });
});
