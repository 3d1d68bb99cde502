/**
 * The request pipeline: route -> auth -> limits -> idempotency -> validate -> handler -> envelope.
 * This is the only try/catch of the simulator: an `ApiError` from any step becomes the spec's
 * envelope; anything else becomes a logged 500 `server_error`.
 */
import { type AuthenticatedKey } from './auth.js';
import { type IdempotencyKeys } from './idempotency.js';
import type { Logger } from './logger.js';
import type { MutantSwitch } from './mutants.js';
import type { RateLimiter } from './rate-limit.js';
import type { AnyRoute } from './route.js';
import type { Router } from './router.js';
import type { SimRequest, SimResponse } from './types.js';
import type { Store } from '../store/store.js';
export declare const BASE_PATH = "/api/v1";
export declare const OPENAPI_PATH = "/api/v1/openapi.json";
export declare const CONTROL_PREFIX = "/_sandbox";
/** A route table served under a path prefix. */
export interface Mount<TApp> {
    readonly prefix: string;
    readonly router: Router<AnyRoute<TApp>>;
    /** The API counts requests against the quota and honours Idempotency-Key; the control plane does not. */
    readonly metered: boolean;
}
export interface PipelineDeps<TApp> {
    readonly mounts: readonly Mount<TApp>[];
    readonly app: TApp;
    readonly store: Store;
    readonly now: () => number;
    readonly authenticate: (key: string) => AuthenticatedKey | undefined;
    readonly markKeyUsed: (keyId: number) => void;
    readonly rateLimiter: RateLimiter;
    readonly idempotency: IdempotencyKeys;
    readonly openapi: () => unknown;
    readonly mutants: MutantSwitch;
    readonly logger: Logger;
    readonly maxBodyBytes: number;
}
export declare function createPipeline<TApp>(deps: PipelineDeps<TApp>): (request: SimRequest) => Promise<SimResponse>;
