/**
 * bench/thread-cpu.ts: the CPU accounting `bench state` reports beside the disk's ceiling (what a
 * durable answer costs in CPU against an in-memory one). Linux only (/proc), as the bench row is.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CpuPerRequest, sampleCpu, threadCpuAvailable, type CpuSample } from '../bench/thread-cpu.js';

/** Busy until this process has used `ms` more of CPU (not of wall time: a loaded machine may preempt us). */
function spin(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return;
  }
}

describe.runIf(threadCpuAvailable())('thread CPU accounting (bench state)', () => {
  it('charges work on the main thread to the main thread, and a worker\'s to the other threads', async () => {
    const before = sampleCpu(process.pid);
    spin(120);
    const afterMain = sampleCpu(process.pid);
    // /proc counts in 10 ms ticks: 120 ms of CPU shows as at least 90.
    expect(afterMain.mainUs - before.mainUs).toBeGreaterThanOrEqual(90_000);
    expect(afterMain.otherThreadsUs - before.otherThreadsUs).toBeLessThan(60_000);
    // A thread's time is counted while it lives (an ended thread leaves /proc/<pid>/task): sample
    // while the worker spins.
    const worker = new Worker('while (true);', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    const workerStarted = sampleCpu(process.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const afterWorker = sampleCpu(process.pid);
    await worker.terminate();
    // At least a few ticks, whatever else the machine runs meanwhile.
    expect(afterWorker.otherThreadsUs - workerStarted.otherThreadsUs).toBeGreaterThanOrEqual(30_000);
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
