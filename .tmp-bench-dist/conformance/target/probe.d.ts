/**
 * Learns what the target is before any check runs: which routes it serves (its /openapi.json),
 * which account and scope the keys belong to, and whether it is the simulator. The simulator
 * answers GET /_sandbox/clock to an admin key; a real deployment has no such route. Only the
 * simulator offers the virtual clock and inbound injection, and only there are assumption checks
 * on by default.
 */
import type { KitClient } from '../http/client.js';
import { type Scope } from '../spec/routes.js';
export interface AccountProbe {
    readonly id: number | undefined;
    readonly scope: Scope | undefined;
    readonly plan: string | undefined;
    readonly status: number;
}
export interface TargetProbe {
    readonly simulator: boolean;
    /** The simulator's control plane answered (needs an admin key). */
    readonly control: boolean;
    /** Simulator clock minus the wall clock, when known. */
    readonly clockOffsetMs: number | undefined;
    /** `METHOD /path` of every operation in the target's /openapi.json, or undefined without one. */
    readonly routes: ReadonlySet<string> | undefined;
    readonly openapi: unknown;
    readonly account: AccountProbe;
}
export declare function probeAccount(client: KitClient, key: string): Promise<AccountProbe>;
export declare function probeTarget(client: KitClient): Promise<TargetProbe>;
