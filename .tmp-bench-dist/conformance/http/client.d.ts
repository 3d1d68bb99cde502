import type { Ledger } from '../safety/ledger.js';
import type { ExchangeRecord, Profile } from '../types.js';
import type { FetchFn } from '../options.js';
import type { Pacer } from './pacer.js';
export type KeyHeader = 'x-service-api-key' | 'authorization' | 'x-api-key';
export interface SendOptions {
    readonly method?: string;
    /** Relative to the base URL (`/contacts`), or to the origin with `fromOrigin`. */
    readonly path: string;
    readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
    /** A key label (`a`, `b`, `a:read`, ...); `null` sends no key. Default `a`. */
    readonly key?: string | null;
    /** Sends this literal key instead of a labelled one (unknown or revoked key checks). */
    readonly keyValue?: string;
    readonly keyHeader?: KeyHeader;
    /** JSON-serialised and sent with `Content-Type: application/json`. */
    readonly body?: unknown;
    /** Sent verbatim (malformed JSON checks). */
    readonly rawBody?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly idempotencyKey?: string;
    /** No pacing wait and no 429 retry: the check wants the target's raw answer. */
    readonly raw?: boolean;
    /** Cannot change state even if accepted (a 405 probe, an empty PATCH); see the guard. */
    readonly harmless?: boolean;
    readonly fromOrigin?: boolean;
    /** The sweeper undoes ledger entries; the guard already vetted them at creation. */
    readonly sweep?: boolean;
}
export interface KitResponse {
    readonly status: number;
    readonly headers: Headers;
    readonly text: string;
    /** The parsed body, or undefined when empty or not JSON. */
    readonly json: unknown;
    readonly exchange: ExchangeRecord;
}
export interface ResolvedKey {
    readonly value: string;
    /** The account whose quota the key spends (`a`, `b`, `inactive`). */
    readonly account: string;
}
export type ExchangeObserver = (response: KitResponse, context: {
    readonly keyLabel: string;
    readonly authenticated: boolean;
    readonly control: boolean;
}) => void;
export interface ClientDeps {
    readonly baseUrl: string;
    readonly runId: string;
    readonly fetch: FetchFn;
    readonly pacer: Pacer;
    readonly ledger: Ledger;
    readonly profile: () => Profile;
    readonly resolveKey: (label: string) => ResolvedKey | undefined;
    readonly timeoutMs: number;
}
export declare class KitClient {
    private readonly deps;
    private seq;
    readonly observers: ExchangeObserver[];
    readonly usage: {
        used: number;
        control: number;
        rateLimited: number;
        byAccount: Record<string, number>;
    };
    constructor(deps: ClientDeps);
    get origin(): string;
    url(path: string, query?: SendOptions['query'], fromOrigin?: boolean): string;
    send(options: SendOptions): Promise<KitResponse>;
    private count;
    private once;
}
