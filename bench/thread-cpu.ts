/**
 * Where the CPU time of a round goes, by thread (Linux only: /proc): a server's main thread, its
 * other threads (libuv's pool, which makes the state log's writes durable, plus V8's helpers), the
 * bench process itself (the load generator, autocannon) and what the machine left idle. bench/state.ts
 * uses it to show what a durable answer costs in CPU beside the in-memory one: on a machine whose
 * cores the server shares with the load generator, that sets a ceiling on their ratio as the disk does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux build Node runs on). */
const TICKS_PER_SECOND = 100;

export interface CpuSample {
  /** Microseconds of CPU, user + system. */
  readonly mainUs: number;
  readonly otherThreadsUs: number;
  readonly benchUs: number;
  /** /proc/stat's jiffies, all CPUs: idle (with iowait) and in all. */
  readonly machineIdle: number;
  readonly machineTotal: number;
}

export const threadCpuAvailable = (): boolean => existsSync('/proc/self/task') && existsSync('/proc/stat');

/** The CPU time used so far by `pid`'s threads (its main thread's id is the pid), this process and the machine. */
export function sampleCpu(pid: number): CpuSample {
  let mainUs = 0;
  let otherThreadsUs = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended between the listing and the read
    }
    // Fields after the command name (which may hold spaces, inside parentheses): utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const us = ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
    if (Number(thread) === pid) mainUs += us;
    else otherThreadsUs += us;
  }
  const own = process.cpuUsage();
  const cpuLine = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  // "cpu  user nice system idle iowait irq softirq steal ...", in jiffies, all CPUs together.
  const machine = cpuLine.split(/\s+/).slice(1).map(Number);
  return {
    mainUs,
    otherThreadsUs,
    benchUs: own.user + own.system,
    machineIdle: machine[3]! + machine[4]!,
    machineTotal: machine.reduce((sum, value) => sum + value, 0),
  };
}

/** CPU per answered request over some rounds, summed from before/after samples. */
export class CpuPerRequest {
  private mainUs = 0;
  private otherThreadsUs = 0;
  private benchUs = 0;
  private idle = 0;
  private total = 0;
  private requests = 0;

  add(before: CpuSample, after: CpuSample, requests: number): void {
    this.mainUs += after.mainUs - before.mainUs;
    this.otherThreadsUs += after.otherThreadsUs - before.otherThreadsUs;
    this.benchUs += after.benchUs - before.benchUs;
    this.idle += after.machineIdle - before.machineIdle;
    this.total += after.machineTotal - before.machineTotal;
    this.requests += requests;
  }

  get measured(): boolean {
    return this.requests > 0;
  }

  /** Microseconds of CPU per request: the server's main thread, its other threads and the load generator. */
  perRequest(): { main: number; otherThreads: number; bench: number; total: number; idleShare: number } {
    const per = (us: number) => us / Math.max(1, this.requests);
    const main = per(this.mainUs);
    const otherThreads = per(this.otherThreadsUs);
    const bench = per(this.benchUs);
    return { main, otherThreads, bench, total: main + otherThreads + bench, idleShare: this.idle / Math.max(1, this.total) };
  }
}

export const cpuCount = (): number => cpus().length;
