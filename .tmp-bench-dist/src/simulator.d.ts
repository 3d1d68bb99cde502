import { VirtualClock } from './core/clock.js';
import { type EventListener } from './core/events.js';
import { type Logger } from './core/logger.js';
import { type RateLimitConfig } from './core/rate-limit.js';
import type { SimRequest, SimResponse, Scope, Plan } from './core/types.js';
import { type SandboxApi } from './control/api.js';
import { type OpenApiDocument } from './openapi/build.js';
import type { SimulatorSnapshot } from './resources/app.js';
import { type WebhookTransport } from './resources/webhooks/transport.js';
export declare const DEFAULT_MAX_BODY_BYTES: number;
export interface SimulatorOptions {
    /** A seed (docs/fixtures.md). Validated; defaults to the embedded default seed. */
    seed?: unknown;
    /** Replaces the first seed account's full-scope key. */
    apiKey?: string;
    /** `{perMinute, perSecond}`, `'200/20'`-style text, or `'off'`. Default 200/20. */
    rateLimit?: RateLimitConfig | 'off' | string;
    /** Start with the clock frozen at this instant (ISO timestamp or epoch ms). */
    clock?: {
        frozenAt?: string | number;
    };
    /** Start from a saved snapshot instead of the seed (the seed still defines `reset`). */
    state?: SimulatorSnapshot;
    /** Largest accepted request body, in bytes. Default 1 MiB. */
    maxBodyBytes?: number;
    /** Allow http:// webhook URLs on loopback hosts, for local receivers. */
    allowLocalWebhooks?: boolean;
    /** How webhook deliveries are sent. Default: global fetch; the node runtime passes an undici one. */
    webhookTransport?: WebhookTransport;
    logger?: Logger;
}
export interface SeedAccountInfo {
    id: number;
    business_name: string;
    plan: Plan;
    addon: 'active' | 'inactive';
    /** The seed's plaintext keys, by scope (the first key of each scope). */
    keys: Partial<Record<Scope, string>>;
}
export interface RequestOptions {
    method?: string;
    /** Relative to `/api/v1` (e.g. `/contacts`), or a full path starting with `/api/` or `/_sandbox`. */
    path: string;
    /** Sent as `X-Service-Api-Key`. */
    key?: string;
    body?: unknown;
    query?: SimRequest['query'];
    headers?: Record<string, string>;
}
export interface Simulator {
    /** The core entry point: plain object in, plain object out. */
    handle(request: SimRequest): Promise<SimResponse>;
    /** Convenience for tests: `sim.request({ method: 'POST', path: '/contacts', key, body })`. */
    request(options: RequestOptions): Promise<SimResponse>;
    /** Any fetch-style host: WHATWG Request in, Response out. */
    fetch(request: Request): Promise<Response>;
    readonly clock: VirtualClock;
    /** The accounts of the seed, with their plaintext keys. */
    readonly accounts: readonly SeedAccountInfo[];
    reset(): void;
    snapshot(): SimulatorSnapshot;
    restore(snapshot: SimulatorSnapshot): void;
    setRateLimit(config: RateLimitConfig | 'off' | string): void;
    /** Hears every committed event of every account. */
    onEvent(listener: EventListener): () => void;
    /** Hears every committed state change (persistence uses it). */
    onChange(listener: () => void): () => void;
    openapi(): OpenApiDocument;
    /** The sandbox control plane as functions (the same powers as `/_sandbox/...`). */
    readonly sandbox: SandboxApi;
    /** Stops timers. The simulator answers requests afterwards, but runs no scheduled work. */
    close(): void;
}
export declare function createSimulator(options?: SimulatorOptions): Simulator;
