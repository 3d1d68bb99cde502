/**
 * The kit's public vocabulary: levels, profiles, verdicts, results and the report. Kept apart from
 * the runner so reporters and callers of `runConformance` depend on data shapes only.
 */

/** `spec`: the spec states the rule. `assumption`: rests on our choice for a "not shown" gap. */
export type Level = 'spec' | 'assumption';

/** Which levels to run: `spec` only, or `all` (spec + assumption). */
export type LevelSelection = 'spec' | 'all';

/**
 * `read-only` sends only GETs; `safe` creates only run-prefixed resources and never changes or
 * deletes anything it did not create; `full` adds the costly and capacity-filling checks;
 * `destructive` adds what cannot be taken back (approving and rejecting handled comments, which
 * posts replies), and is never a default: it must be chosen.
 */
export type Profile = 'read-only' | 'safe' | 'full' | 'destructive';

export const PROFILES: readonly Profile[] = ['read-only', 'safe', 'full', 'destructive'];

/**
 * `inconclusive`: the check could not judge its clause (a setup step failed, or what it measures
 * could not be measured); neither a pass nor a failure of that clause. `error` means the kit
 * itself broke (never the target's fault).
 */
export type Verdict = 'pass' | 'fail' | 'inconclusive' | 'skip' | 'error';

export const VERDICTS: readonly Verdict[] = ['pass', 'fail', 'inconclusive', 'skip', 'error'];

export type ReporterName = 'console' | 'json' | 'junit';

export interface FormFieldRecord {
  readonly name: string;
  readonly value?: string;
  readonly file?: { readonly filename: string; readonly type: string; readonly size: number };
}

/** One HTTP request and its response as the kit saw them (keys redacted when rendered). */
export interface ExchangeRecord {
  readonly seq: number;
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string | undefined;
  /** A multipart request's fields (uploads): text values, and files by name, type and size. */
  readonly requestForm?: readonly FormFieldRecord[];
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
  readonly durationMs: number;
  /** Which key sent it, e.g. `a`, `a:read`, `b`, or `none`. */
  readonly keyLabel: string;
}

export interface FailureDetail {
  readonly message: string;
  /** The minimal failing input of a property, rendered with `fc.stringify`. */
  readonly counterexample?: string;
  /** The request/response that showed the departure (keys and secrets redacted). */
  readonly request?: string;
  readonly response?: string;
  readonly curl?: string;
  readonly seed?: number;
  readonly path?: string;
  /** Pass to `--replay` to run exactly this case again. */
  readonly replay?: string;
  /** fast-check shrinks it (simulator) or stops at the first failure (live, to spare requests). */
  readonly shrunk?: boolean;
  /** On a live target the minimal case is re-sent once: `confirmed` or `flaky`. */
  readonly confirmation?: 'confirmed' | 'flaky';
  /** For `error` verdicts: where the kit broke. */
  readonly stack?: string;
}

export interface CheckResult {
  readonly id: string;
  readonly title: string;
  readonly clause: string;
  readonly level: Level;
  readonly group: string;
  readonly verdict: Verdict;
  /**
   * Why a check was skipped (`profile:full`, `needs_key_b`, `aborted`, ...) or could not judge its
   * clause (`setup failed: mint a key to revoke`, `not measurable: ...`).
   */
  readonly reason?: string;
  readonly failure?: FailureDetail;
  readonly durationMs: number;
  readonly requests: number;
}

export interface ClauseRow {
  readonly clause: string;
  readonly title: string;
  readonly level: Level;
  readonly pass: number;
  readonly fail: number;
  readonly skip: number;
  readonly error: number;
  /** Checks of this clause that could not judge it (setup failed, not measurable). */
  readonly inconclusive: number;
  /**
   * The clause's verdict: fail/error if any check failed/broke, pass if any passed, inconclusive
   * if a check could not judge it, else skip.
   */
  readonly verdict: Verdict;
}

export interface TargetInfo {
  readonly baseUrl: string;
  readonly simulator: boolean;
  /** The virtual clock is driven instead of sleeping (simulator with an admin key). */
  readonly virtualTime: boolean;
  readonly scope: string | undefined;
  readonly accountId: number | undefined;
  readonly accountIdB: number | undefined;
  /** `METHOD /path` templates the target serves (from its /openapi.json, else the kit's catalogue). */
  readonly routes: readonly string[];
  /** Why the target was taken for a deployment without a clear answer from /_sandbox (a tarpit). */
  readonly note?: string;
}

export interface RequestUse {
  readonly planned: number;
  readonly used: number;
  readonly byAccount: Readonly<Record<string, number>>;
  /** Requests to the simulator's control plane (clock), which the quota does not meter. */
  readonly control: number;
  /** Time actually spent waiting for the quota (virtual time on the simulator). */
  readonly waitedMs: number;
  readonly rateLimited: number;
}

export interface ConformanceReport {
  readonly runId: string;
  readonly target: TargetInfo;
  readonly profile: Profile;
  readonly level: LevelSelection;
  readonly seed: number;
  readonly runs: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly results: readonly CheckResult[];
  readonly matrix: readonly ClauseRow[];
  readonly requests: RequestUse;
  readonly cleanup: CleanupSummary;
  readonly aborted: boolean;
  readonly totals: Totals;
}

export interface Totals {
  readonly pass: number;
  readonly fail: number;
  readonly inconclusive: number;
  readonly skip: number;
  readonly error: number;
}

/** Something the run created that is still live on the target after the sweep. */
export interface Leftover {
  readonly kind: string;
  /** Undefined when the sweep could not even list that kind (so it cannot say which). */
  readonly id: number | undefined;
  readonly account: string;
  readonly name?: string;
  /** Why it is still there, e.g. `DELETE /tags/12: HTTP 500` or `GET /tags answered HTTP 500`. */
  readonly why: string;
}

/** Resources the kit leaves on purpose, across runs: revoked keys and archived custom fields. */
export interface Tombstones {
  /** Keys the run minted (each stays listed as revoked). */
  readonly revokedKeys: number;
  /** Custom fields the run created (each stays as an archived definition). */
  readonly archivedFields: number;
  /** Kit tombstones of earlier runs that this run reused instead of creating new ones. */
  readonly reused: number;
}

export interface CleanupSummary {
  readonly deleted: number;
  readonly failed: readonly string[];
  /** What is still live after the sweep, checked by listing the target again (empty when clean). */
  readonly remaining: readonly Leftover[];
  /** False when the sweep could not list everything it had to check (then `remaining` may be short). */
  readonly verified: boolean;
  /** Where the ledger lives until the sweep succeeds (`--cleanup RUN_ID` reads it). */
  readonly ledgerFile: string | undefined;
  /** The complete command that finishes the sweep (keys as environment variables), when needed. */
  readonly command: string | undefined;
  readonly tombstones: Tombstones;
}
