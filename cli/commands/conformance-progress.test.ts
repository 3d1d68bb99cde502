/**
 * The CLI's progress on stderr as CI logs see it (not a terminal): one line per finished check,
 * and a heartbeat naming the running check whenever 20 s pass without a line, so a job with a
 * no-output timeout is never killed while the kit waits out a quota window.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, Progress } from './conformance.js';

describe('conformance progress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prints a line per finished check and a heartbeat at least every 20 s', () => {
    const lines: string[] = [];
    const progress = new Progress((line) => lines.push(line));
    progress.start(2);
    progress.checkStarted('rate.quota');
    vi.advanceTimersByTime(HEARTBEAT_MS - 1_000);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/still running \(0\/2 done\): rate\.quota for 2\d s/);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(lines).toHaveLength(2);
    progress.result({ id: 'rate.quota', title: 't', clause: '8', level: 'spec', group: 'rate-limits', verdict: 'pass', durationMs: 1, requests: 1 });
    expect(lines[2]).toMatch(/^ {2}\[1\/2\] pass +8 +rate\.quota\n$/);
    progress.sweeping();
    vi.advanceTimersByTime(HEARTBEAT_MS + 1_000);
    expect(lines.at(-1)).toMatch(/still running \(1\/2 done\): the sweep/);
    progress.stop();
    vi.advanceTimersByTime(5 * HEARTBEAT_MS);
    expect(lines.at(-1)).toMatch(/still running \(1\/2 done\): the sweep/);
  });
});
