/**
 * A check: one rule of one clause, at one level, with what it needs from the run. Checks talk to
 * the target only through the context (HTTP, keys, ledger), never through the implementation.
 *
 * The definition's fields are a contract other check files rely on: new ones are optional.
 */
import type { KitClient, KitResponse, SendOptions } from '../http/client.js';
import type { Ledger } from '../safety/ledger.js';
import type { Scope } from '../spec/routes.js';
import type { KeyRing } from '../target/keys.js';
import type { Pacer } from '../http/pacer.js';
import type { ExchangeRecord, Level, Profile } from '../types.js';
import type { FieldPool } from '../safety/tombstones.js';
import type { Observations } from './observations.js';
import type { PropertyRunner } from './property.js';

/**
 * Something a check cannot run without; missing ones make it skip with the need as the reason.
 * `rate_limits`: the target enforces section 8 (false only on positive proof: a simulator whose
 * control plane says rate limiting is off).
 */
export type Need = 'key_b' | 'inactive_key' | 'simulator' | 'control' | 'rate_limits';

export interface CheckDefinition {
  readonly id: string;
  readonly title: string;
  readonly clause: string;
  readonly level: Level;
  readonly group: string;
  /** `METHOD /path` templates the target must serve, else skip `not_served`. */
  readonly routes?: readonly string[];
  /** The least profile it runs in: `read-only` (GETs only), `safe` (own resources) or `full`. */
  readonly profile: Profile;
  readonly needs?: readonly Need[];
  /** Planned requests; properties scale with `runs`. */
  readonly cost: (plan: { readonly runs: number }) => number;
  /** Runs after every other check (observers of the whole run's traffic). */
  readonly final?: boolean;
  run(ctx: CheckContext): Promise<void>;
}

export interface TargetFacts {
  readonly simulator: boolean;
  readonly control: boolean;
  readonly virtualTime: boolean;
  readonly routes: ReadonlySet<string>;
  readonly scope: Scope | undefined;
  readonly plan: string | undefined;
  readonly accountId: number | undefined;
  readonly accountIdB: number | undefined;
  /** `off` only on positive proof (the simulator's control plane says so); else `on` or `unknown`. */
  readonly rateLimiting: 'on' | 'off' | 'unknown';
}

export interface CheckContext {
  readonly runId: string;
  /** Every name the kit creates starts with this (the run id). */
  readonly prefix: string;
  readonly target: TargetFacts;
  readonly profile: Profile;
  readonly client: KitClient;
  readonly keys: KeyRing;
  readonly ledger: Ledger;
  readonly pacer: Pacer;
  readonly fc: PropertyRunner;
  /** The whole run's traffic, judged by the final checks. */
  readonly observations: Observations;
  send(options: SendOptions): Promise<KitResponse>;
  /** A name under the run prefix, unique within the run. */
  name(hint: string): string;
  /** A key of exactly this scope (the scope matrix), minting it when allowed; skips when it cannot. */
  scopeKey(scope: Scope): Promise<string>;
  /**
   * A key that covers `scope`: the given key when it does (so curl lines in reports use the key
   * the user has), else a minted one.
   */
  keyFor(scope: Scope): Promise<string>;
  serves(method: string, path: string): boolean;
  skip(reason: string, detail?: string): never;
  /**
   * Runs a setup step: a departure of the target there (wrong status, no answer) makes the check
   * `inconclusive` ("setup failed: <step>"), not a failure of the clause the check judges. Judge
   * the clause outside setup steps.
   */
  setup<T>(step: string, work: () => Promise<T>): Promise<T>;
  /** The check cannot judge its clause (what it measures could not be measured). */
  inconclusive(reason: string, detail?: string, response?: KitResponse | ExchangeRecord): never;
  /** Moves the simulator clock (control plane); skips when the target has no control plane. */
  advanceClock(ms: number): Promise<void>;
  /**
   * Waits `ms` of the target's time: the simulator's clock moves (virtual time), a live target is
   * waited for in real time. Cut short when the run is interrupted.
   */
  wait(ms: number): Promise<void>;
  /** Custom fields the kit reuses across runs instead of leaving a new archived one each time. */
  readonly fields: FieldPool;
  /** Fires when the run is interrupted; pass it to the pacer's waits. */
  readonly signal?: AbortSignal | undefined;
  /** Where delivery checks start their webhook receiver on 127.0.0.1 (0: any free port). */
  readonly receiverPort: number;
}
