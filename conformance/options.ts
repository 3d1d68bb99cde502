/**
 * What a caller of `runConformance` (or the CLI) can set. The transport is only a fetch function,
 * so the same kit runs against a URL (global fetch) or in-process (`sim.fetch`).
 */
import { ConformanceUsageError } from './errors.js';
import { checkOptionKeys, type KeyList } from '../src/util/option-keys.js';
import type { Waiter } from './http/waiter.js';
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
  /** The sandbox operator token (`X-Sandbox-Token`): only a simulator has one; it opens the clock and faults. */
  readonly controlToken?: string;
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
  /**
   * Where ledgers are persisted (`--cleanup RUN_ID` reads them). `false` keeps them in memory.
   * Default `.switchboard-conformance` in the working directory, or memory when `fetch` is given.
   */
  readonly ledgerDir?: string | false;
  /** Stop starting checks once this many requests are used (skip reason `budget`). */
  readonly maxRequests?: number;
  /** On the simulator, wait by advancing its virtual clock instead of sleeping. Default true. */
  readonly virtualTime?: boolean;
  /**
   * How the kit waits, for an in-process caller that owns its target's clock: a test that runs the
   * kit against its own `createSimulator()` can pass `simulatorWaiter(sim.clock)`, so every pause
   * (pacing, a rate-limit window) moves that clock instead of sleeping, whatever the profile.
   * Default: sleep, or advance the simulator's clock through the control plane when the probe
   * finds one and the profile allows writes.
   */
  readonly waiter?: Waiter;
  /** Fixed run id (tests); default `sbc_<random>`. */
  readonly runId?: string;
  /** Progress callback, called once per finished check. */
  readonly onResult?: (result: CheckResult) => void;
  /** Called as a check starts (heartbeats name what is running). */
  readonly onCheckStart?: (check: { readonly id: string; readonly clause: string }) => void;
  /** Called once the target is probed and the checks are chosen, before any check runs. */
  readonly onPlan?: (plan: RunPlan) => void;
  /** Called when the sweep starts (after the last check, or at once after an interruption). */
  readonly onSweep?: () => void;
  /** Per-request timeout in ms (default 30000); a request not answered in time fails its check. */
  readonly timeoutMs?: number;
  /**
   * Requests per second the kit allows itself (default 15, under the spec's 20/s burst). Raise it
   * only against a server you run yourself with higher limits.
   */
  readonly requestsPerSecond?: number;
  /**
   * The port of the webhook receiver the delivery checks start on 127.0.0.1 (default 0: any free
   * port). A simulator started with `serve --allow-local-webhooks 4400` delivers to port 4400 only.
   */
  readonly receiverPort?: number;
}

export interface ResolvedOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly apiKeyB: string | undefined;
  readonly inactiveKey: string | undefined;
  readonly controlToken: string | undefined;
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
  readonly waiter: Waiter | undefined;
  readonly runId: string | undefined;
  readonly onResult: ((result: CheckResult) => void) | undefined;
  readonly onCheckStart: ((check: { readonly id: string; readonly clause: string }) => void) | undefined;
  readonly onPlan: ((plan: RunPlan) => void) | undefined;
  readonly onSweep: (() => void) | undefined;
  readonly timeoutMs: number;
  readonly requestsPerSecond: number;
  readonly receiverPort: number;
}

export interface RunPlan {
  readonly runId: string;
  readonly simulator: boolean;
  readonly profile: Profile;
  readonly level: LevelSelection;
  /** Checks that will run. */
  readonly checks: number;
  /** Checks the report will list: those that run and those skipped up front (`skippedUpFront`). */
  readonly listed: number;
  /** Skip reasons known before the run, with how many checks each skips. */
  readonly skippedUpFront: Readonly<Record<string, number>>;
  /** Requests the runnable checks are expected to send (the probe included). */
  readonly requests: number;
  readonly maxRequests: number;
}

export interface ReplayToken {
  readonly checkId: string;
  readonly seed: number | undefined;
  readonly path: string | undefined;
  /** fast-check's replay hint for command sequences (`fc.commands({replayPath})`). */
  readonly replayPath: string | undefined;
}

const REPLAY_FORM = '<check-id>@<seed>:<path> (the token printed after "replay:")';

function badReplay(text: string, why: string): never {
  throw new ConformanceUsageError(`--replay "${text}": ${why}; it looks like ${REPLAY_FORM}`, [], []);
}

/** `<check-id>`, `<check-id>@<seed>`, `<check-id>@<seed>:<path>`, plus `#<replayPath>` for sequences. */
export function parseReplay(text: string): ReplayToken {
  const hash = text.indexOf('#');
  const replayPath = hash < 0 ? undefined : text.slice(hash + 1);
  const head = hash < 0 ? text : text.slice(0, hash);
  const at = head.lastIndexOf('@');
  if (at < 0) {
    if (head.trim() === '') badReplay(text, 'no check id');
    return { checkId: head.trim(), seed: undefined, path: undefined, replayPath };
  }
  const checkId = head.slice(0, at).trim();
  const rest = head.slice(at + 1);
  const colon = rest.indexOf(':');
  const seedText = colon < 0 ? rest : rest.slice(0, colon);
  const path = colon < 0 ? undefined : rest.slice(colon + 1);
  if (!checkId) badReplay(text, 'no check id');
  if (!/^-?\d+$/.test(seedText) || !Number.isSafeInteger(Number(seedText))) badReplay(text, `"${seedText}" is not a seed (an integer)`);
  if (path !== undefined && path !== '' && !/^\d+(:\d+)*$/.test(path)) badReplay(text, `"${path}" is not a path (integers joined by ":")`);
  return { checkId, seed: Number(seedText), path, replayPath };
}

export function formatReplay(checkId: string, seed: number | undefined, path: string | undefined, replayPath?: string): string {
  if (seed === undefined) return checkId;
  const base = path === undefined ? `${checkId}@${seed}` : `${checkId}@${seed}:${path}`;
  return replayPath === undefined ? base : `${base}#${replayPath}`;
}

/** Fills defaults that do not depend on the target; the runner settles the target-dependent ones. */
const CONFORMANCE_OPTION_KEYS = {
  baseUrl: true, apiKey: true, apiKeyB: true, inactiveKey: true, controlToken: true, sections: true, only: true,
  profile: true, level: true, seed: true, runs: true, replay: true, fetch: true, signal: true, ledgerDir: true,
  maxRequests: true, virtualTime: true, waiter: true, runId: true, onResult: true, onCheckStart: true, onPlan: true,
  onSweep: true, timeoutMs: true, requestsPerSecond: true, receiverPort: true,
} as const satisfies KeyList<ConformanceOptions>;

export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  // `checks`/`check` (the CLI's `--check`) would otherwise run the whole kit for minutes.
  checkOptionKeys('runConformance', options, CONFORMANCE_OPTION_KEYS, { checks: 'only', check: 'only', section: 'sections', key: 'apiKey' });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`base URL must start with http:// or https://, got "${options.baseUrl}"`);
  if (!options.apiKey) throw new Error('an API key is required');
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) throw new Error(`the request timeout must be positive, got ${options.timeoutMs}`);
  if (options.requestsPerSecond !== undefined && !(options.requestsPerSecond >= 1)) throw new Error('requestsPerSecond must be at least 1');
  const replay = options.replay === undefined ? undefined : parseReplay(options.replay);
  const fetchFn: FetchFn = options.fetch ?? ((request) => fetch(request));
  return {
    baseUrl,
    apiKey: options.apiKey,
    apiKeyB: options.apiKeyB || undefined,
    inactiveKey: options.inactiveKey || undefined,
    controlToken: options.controlToken || undefined,
    sections: options.sections ?? [],
    only: replay ? [replay.checkId] : (options.only ?? []),
    profile: options.profile,
    level: options.level,
    seed: replay?.seed ?? options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0,
    runs: options.runs,
    replay,
    fetch: fetchFn,
    signal: options.signal,
    // A caller's own fetch is an in-process target (`sim.fetch`, MSW) far more often than a live
    // server: its ledger could never be swept later, so it stays in memory instead of landing in
    // the caller's cwd (audit 10d F6; docs/decisions.md). Pass `ledgerDir` to keep one on disk.
    ledgerDir: options.ledgerDir ?? (options.fetch !== undefined ? false : '.switchboard-conformance'),
    receiverPort: receiverPortOf(options.receiverPort),
    maxRequests: options.maxRequests ?? Number.POSITIVE_INFINITY,
    virtualTime: options.virtualTime ?? true,
    waiter: options.waiter,
    runId: options.runId,
    onResult: options.onResult,
    onCheckStart: options.onCheckStart,
    onPlan: options.onPlan,
    onSweep: options.onSweep,
    timeoutMs: options.timeoutMs ?? 30_000,
    requestsPerSecond: options.requestsPerSecond ?? 15,
  };
}

function receiverPortOf(port: number | undefined): number {
  if (port === undefined) return 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`receiver port must be 0-65535, got ${port}`);
  return port;
}
