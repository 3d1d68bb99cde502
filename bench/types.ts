/** What every bench module returns: rows of the one table `npm run bench` prints. */
export interface BenchRow {
  name: string;
  value: number;
  /** e.g. `req/s`, `µs/req`, `ms` */
  unit: string;
  /** The comparison's reference measurement, when the row is a ratio against one. */
  baseline?: number;
  /** value / baseline */
  ratio?: number;
  /** Human-readable target, e.g. `>= 0.6x`, `< 500 ms`. */
  target?: string;
  pass?: boolean;
  /** Anything that explains the figure (rounds, spread). */
  note?: string;
}

export interface BenchModule {
  run(): Promise<BenchRow[]>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Full GC between measurements when node runs with --expose-gc, so one run's garbage does not bill the next. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
