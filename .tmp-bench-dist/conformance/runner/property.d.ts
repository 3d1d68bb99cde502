/**
 * fast-check, configured for HTTP: a per-check seed, a number of runs, and a replay path. Against
 * the simulator the counterexample is shrunk (requests are free); against a real server the kit
 * stops at the first failure and re-sends that one case once to confirm it (shrinking would spend
 * the account's quota on hundreds of requests).
 */
import fc from 'fast-check';
export interface PropertyRunner {
    readonly seed: number;
    readonly runs: number;
    /** Pass to `fc.commands({replayPath})` so a replayed sequence runs exactly as it failed. */
    readonly replayPath: string | undefined;
    /** Runs an async property; throws `PropertyFailure` with seed, path and counterexample. */
    check<T>(property: fc.IAsyncPropertyWithHooks<T>, options?: {
        runs?: number;
    }): Promise<void>;
}
export declare function createPropertyRunner(seed: number, runs: number, shrink: boolean, path: string | undefined, replayPath: string | undefined): PropertyRunner;
/** Each check gets its own seed, so adding a check does not change the cases of the others. */
export declare function checkSeed(runSeed: number, checkId: string): number;
