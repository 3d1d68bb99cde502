/**
 * A check: one rule of one clause, at one level, with what it needs from the run. Checks talk to
 * the target only through the context (HTTP, keys, ledger), never through the implementation.
 */
import type { KitClient, KitResponse, SendOptions } from '../http/client.js';
import type { Ledger } from '../safety/ledger.js';
import type { Scope } from '../spec/routes.js';
import type { KeyRing } from '../target/keys.js';
import type { Pacer } from '../http/pacer.js';
import type { Level, Profile } from '../types.js';
import type { Observations } from './observations.js';
import type { PropertyRunner } from './property.js';

/** Something a check cannot run without; missing ones make it skip with the need as the reason. */
export type Need = 'key_b' | 'inactive_key' | 'simulator' | 'control';

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
  /** Moves the simulator clock (control plane); skips when the target has no control plane. */
  advanceClock(ms: number): Promise<void>;
  /** Where delivery checks start their webhook receiver on 127.0.0.1 (0: any free port). */
  readonly receiverPort: number;
}
