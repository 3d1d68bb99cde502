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
export declare function median(values: readonly number[]): number;
/** Full GC between measurements when node runs with --expose-gc, so one run's garbage does not bill the next. */
export declare function collectGarbage(): void;
export declare function round(value: number, digits?: number): number;
