/**
 * The scope matrix (5.2, 5.3): for every route the target serves, one request per key scope. A
 * scope below the route's requirement must get 403 `insufficient_scope`; one at or above it must
 * not get 401 or that 403. Scopes the spec states are checked at level `spec`; the ones we chose
 * for "scope per other endpoint: not shown" at level `assumption`. Keys of missing scopes are
 * minted with the given key when it can (and revoked at the end).
 */
import { errorCodeOf, expectError, fail } from '../../runner/expect.js';
import { SkipCheck } from '../../runner/failure.js';
import { probeRequest } from '../../spec/probes.js';
import { ROUTES, SCOPES, covers, routeKey } from '../../spec/routes.js';
import { costOf } from '../helpers.js';
async function keyFor(ctx, scope) {
    try {
        return await ctx.scopeKey(scope);
    }
    catch (error) {
        if (error instanceof SkipCheck)
            return undefined;
        throw error;
    }
}
async function runMatrix(ctx, route) {
    let tested = 0;
    const missing = [];
    for (const scope of SCOPES) {
        const label = await keyFor(ctx, scope);
        if (!label) {
            missing.push(scope);
            continue;
        }
        const allowed = covers(scope, route.scope);
        if (allowed && route.costly)
            continue;
        const request = probeRequest(route, allowed ? 'allowed' : 'denied', ctx.ledger, ctx.name, ctx.keys.heldIds);
        const response = await ctx.send({ ...request, key: label });
        const what = `${route.method} ${route.path} with a ${scope} key (route needs ${route.scope})`;
        if (allowed) {
            if (response.status === 401 || (response.status === 403 && errorCodeOf(response) === 'insufficient_scope')) {
                fail(`${what}: a ${scope} key covers ${route.scope}, but got HTTP ${response.status} ${errorCodeOf(response) ?? ''}`.trim(), response);
            }
        }
        else {
            expectError(response, 403, 'insufficient_scope', what);
        }
        tested++;
    }
    if (tested === 0)
        ctx.skip(`needs_keys_of_scope:${missing.join(',')}`);
}
export function scopeChecks(facts) {
    return ROUTES.filter((route) => facts.routes.has(routeKey(route.method, route.path))).map((route) => ({
        id: `scope.${route.method} ${route.path}`,
        title: `${route.method} ${route.path} needs ${route.scope}`,
        clause: '5.2',
        level: route.scopeLevel,
        group: 'scopes',
        // Keys of other scopes are minted, which read-only cannot do; GET routes still run.
        profile: route.method === 'GET' ? 'read-only' : 'safe',
        routes: [routeKey(route.method, route.path)],
        cost: costOf(SCOPES.length),
        run: (ctx) => runMatrix(ctx, route),
    }));
}
//# sourceMappingURL=scopes.js.map