/**
 * What a caller of `runConformance` (or the CLI) can set. The transport is only a fetch function,
 * so the same kit runs against a URL (global fetch) or in-process (`sim.fetch`).
 */
import type { CheckResult, LevelSelection, Profile } from './types.js';
export type FetchFn = (request: Request) => Promise<Response>;
export interface ConformanceOptions {
    /** Ends in `/api/v1`, e.g. `https://api.example.com/api/v1`. */
    readonly baseUrl: string;
    readonly apiKey: string;
    /** A key of a second account, for isolation checks (cross-account reads, idempotency scoping). */
    readonly apiKeyB?: string;
    /** A key of an account whose add-on is inactive (403 `addon_inactive`); the check skips without it. */
    readonly inactiveKey?: string;
    /** Clause prefixes, e.g. `['4.2', '7.1']`; `5` selects 5, 5.1, 5.2, ... */
    readonly sections?: readonly string[];
    /** Check ids to run (exact ids); combine with `sections`. */
    readonly only?: readonly string[];
    /** Default `safe`, or `full` against the simulator. */
    readonly profile?: Profile;
    /** Default `spec` against a real server and `all` against the simulator. */
    readonly level?: LevelSelection;
    /** fast-check seed; default derived from the clock and printed. */
    readonly seed?: number;
    /** fast-check runs per property; default 20 on the simulator, 5 elsewhere (requests cost). */
    readonly runs?: number;
    /** `<check-id>@<seed>:<path>` from a failure report: runs exactly that case. */
    readonly replay?: string;
    readonly fetch?: FetchFn;
    /** Aborting stops new checks; the sweeper still runs. */
    readonly signal?: AbortSignal;
    /** Where ledgers are persisted (`--cleanup RUN_ID` reads them). `false` keeps them in memory. */
    readonly ledgerDir?: string | false;
    /** Stop starting checks once this many requests are used (skip reason `budget`). */
    readonly maxRequests?: number;
    /** On the simulator, wait by advancing its virtual clock instead of sleeping. Default true. */
    readonly virtualTime?: boolean;
    /** Fixed run id (tests); default `sbc_<random>`. */
    readonly runId?: string;
    /** Progress callback, called once per finished check. */
    readonly onResult?: (result: CheckResult) => void;
    /** Request timeout in ms (default 30000). */
    readonly timeoutMs?: number;
}
export interface ResolvedOptions {
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly apiKeyB: string | undefined;
    readonly inactiveKey: string | undefined;
    readonly sections: readonly string[];
    readonly only: readonly string[];
    /** Settled by the runner once it knows whether the target is the simulator. */
    readonly profile: Profile | undefined;
    readonly level: LevelSelection | undefined;
    readonly seed: number;
    readonly runs: number | undefined;
    readonly replay: ReplayToken | undefined;
    readonly fetch: FetchFn;
    readonly signal: AbortSignal | undefined;
    readonly ledgerDir: string | false;
    readonly maxRequests: number;
    readonly virtualTime: boolean;
    readonly runId: string | undefined;
    readonly onResult: ((result: CheckResult) => void) | undefined;
    readonly timeoutMs: number;
}
export interface ReplayToken {
    readonly checkId: string;
    readonly seed: number | undefined;
    readonly path: string | undefined;
    /** fast-check's replay hint for command sequences (`fc.commands({replayPath})`). */
    readonly replayPath: string | undefined;
}
/** `<check-id>`, `<check-id>@<seed>`, `<check-id>@<seed>:<path>`, plus `#<replayPath>` for sequences. */
export declare function parseReplay(text: string): ReplayToken;
export declare function formatReplay(checkId: string, seed: number | undefined, path: string | undefined, replayPath?: string): string;
/** Fills defaults that do not depend on the target; the runner settles the target-dependent ones. */
export declare function resolveOptions(options: ConformanceOptions): ResolvedOptions;
