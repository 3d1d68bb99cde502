/**
 * Where the API key comes from (section 5.1). The spec prefers `X-Service-Api-Key` and says two
 * more headers are accepted without naming them; we accept `Authorization: Bearer <key>` and
 * `X-Api-Key` (docs/decisions.md). When several are sent, the preferred header wins.
 */
import { ApiError } from './errors.js';
import type { Scope } from './types.js';
export declare const API_KEY_HEADERS: readonly ["x-service-api-key", "authorization", "x-api-key"];
export declare function extractApiKey(headers: Readonly<Record<string, string>>): string | undefined;
export interface AuthenticatedKey {
    readonly accountId: number;
    readonly keyId: number;
    readonly scope: Scope;
    readonly addonActive: boolean;
}
export declare function requireScope(held: Scope, required: Scope): void;
export declare function missingKey(): ApiError;
export declare function unknownKey(): ApiError;
export declare function addonInactive(): ApiError;
