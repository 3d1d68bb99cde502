/**
 * One run's machinery: keys, ledger, pacer, client and what the probe learned about the target,
 * plus the per-check context. The target-dependent defaults are settled here: against the
 * simulator the kit runs `full` at level `all` with 20 property runs; elsewhere `safe`, `spec`, 5.
 */
import { KitClient } from '../http/client.js';
import { Pacer } from '../http/pacer.js';
import { Redactor } from '../http/redact.js';
import type { ResolvedOptions } from '../options.js';
import { Ledger, type AccountLabel } from '../safety/ledger.js';
import { KeyRing } from '../target/keys.js';
import type { LevelSelection, Profile } from '../types.js';
import type { CheckContext, CheckDefinition, Need, TargetFacts } from './check.js';
import { Observations } from './observations.js';
export interface Session {
    readonly runId: string;
    readonly prefix: string;
    readonly redactor: Redactor;
    readonly keys: KeyRing;
    readonly ledger: Ledger;
    readonly pacer: Pacer;
    readonly client: KitClient;
    readonly observations: Observations;
    readonly facts: TargetFacts;
    readonly profile: Profile;
    readonly level: LevelSelection;
    readonly runs: number;
    readonly shrink: boolean;
    readonly accounts: AccountLabel[];
    has(need: Need): boolean;
    context(check: CheckDefinition): CheckContext;
}
export declare function openSession(options: ResolvedOptions, runId: string): Promise<Session>;
