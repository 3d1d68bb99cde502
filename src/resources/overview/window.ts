/**
 * The fixed rolling window of 2.14 on the virtual clock: the current window is the 30 days up to
 * now (`current_from` ≤ t ≤ now), the previous one the 30 days before it (`previous_from` ≤ t <
 * `current_from`). Pure: the model passes the clock's now in.
 */
import type { CountData } from './schemas.js';

export const WINDOW_DAYS = 30;
export const DAY_MS = 86_400_000;
export const WINDOW_MS = WINDOW_DAYS * DAY_MS;

/** The window as the collecting hooks receive it (flow entries, comment trigger fires). */
export interface OverviewWindowMs {
  readonly currentFromMs: number;
  readonly previousFromMs: number;
  readonly nowMs: number;
}

export function windowAt(nowMs: number): OverviewWindowMs {
  return { nowMs, currentFromMs: nowMs - WINDOW_MS, previousFromMs: nowMs - 2 * WINDOW_MS };
}

export type Bucket = 'current' | 'previous';

/** Which window an instant falls in; undefined before the previous window or after now. */
export function bucketOf(window: OverviewWindowMs, atMs: number): Bucket | undefined {
  if (atMs > window.nowMs || atMs < window.previousFromMs) return undefined;
  return atMs >= window.currentFromMs ? 'current' : 'previous';
}

export const zeroCount = (): CountData => ({ current: 0, previous: 0 });

/** Counts instants into `{current, previous}`. */
export function countTimes(window: OverviewWindowMs, times: Iterable<number>): CountData {
  const count = zeroCount();
  for (const at of times) {
    const bucket = bucketOf(window, at);
    if (bucket) count[bucket]++;
  }
  return count;
}
