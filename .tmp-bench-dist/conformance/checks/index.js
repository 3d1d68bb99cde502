import { contactChecks } from './contacts/checks.js';
import { sequenceChecks } from './contacts/sequences.js';
import { authChecks } from './core/auth.js';
import { errorChecks } from './core/errors.js';
import { keyChecks } from './core/keys.js';
import { openapiChecks } from './core/openapi.js';
import { scopeChecks } from './core/scopes.js';
import { idempotencyChecks } from './idempotency/checks.js';
import { observedChecks } from './observed.js';
import { paginationChecks } from './pagination.js';
import { rateLimitChecks } from './rate-limits.js';
import { tagChecks } from './tags.js';
/** The rate checks that spend a whole window go after everything else that needs the quota. */
const QUOTA_HEAVY = new Set(['rate.burst', 'rate.quota']);
export function allChecks(facts) {
    const checks = [
        ...authChecks,
        ...openapiChecks,
        ...errorChecks,
        ...keyChecks,
        ...rateLimitChecks.filter((check) => !QUOTA_HEAVY.has(check.id)),
        ...paginationChecks,
        ...idempotencyChecks,
        ...tagChecks,
        ...contactChecks,
        ...sequenceChecks,
        ...scopeChecks(facts),
        ...rateLimitChecks.filter((check) => QUOTA_HEAVY.has(check.id)),
        ...observedChecks,
    ];
    const ids = new Set();
    for (const check of checks) {
        if (ids.has(check.id))
            throw new Error(`duplicate check id ${check.id}`);
        ids.add(check.id);
    }
    return checks;
}
//# sourceMappingURL=index.js.map