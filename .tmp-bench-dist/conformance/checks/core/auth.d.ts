/**
 * Section 5 items 1, 3 and 5: where the key goes, and what a missing, unknown, revoked or
 * inactive key gets. Which two other headers carry a key is "not shown"; we accept
 * `Authorization: Bearer` and `X-Api-Key` (docs/decisions.md), so those checks are assumptions.
 */
import type { CheckDefinition } from '../../runner/check.js';
export declare const authChecks: CheckDefinition[];
