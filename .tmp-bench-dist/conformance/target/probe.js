import { routeKey } from '../spec/routes.js';
const SCOPE_VALUES = new Set(['read', 'write', 'admin', 'full']);
export async function probeAccount(client, key) {
    const response = await client.send({ path: '/account', key });
    const data = response.json?.data;
    const scope = data?.api_key?.scope;
    return {
        id: typeof data?.account?.id === 'number' ? data.account.id : undefined,
        scope: typeof scope === 'string' && SCOPE_VALUES.has(scope) ? scope : undefined,
        plan: typeof data?.account?.plan === 'string' ? data.account.plan : undefined,
        status: response.status,
    };
}
function routesOf(document) {
    const paths = document?.paths;
    if (typeof paths !== 'object' || paths === null)
        return undefined;
    const routes = new Set();
    for (const [rawPath, item] of Object.entries(paths)) {
        if (typeof item !== 'object' || item === null)
            continue;
        // Documents whose server URL is the bare host spell paths with the version segment.
        const path = rawPath.replace(/^\/api\/v1(?=\/)/, '');
        for (const method of ['get', 'post', 'patch', 'delete', 'put']) {
            if (method in item)
                routes.add(routeKey(method, path));
        }
    }
    return routes;
}
export async function probeTarget(client) {
    const openapiResponse = await client.send({ path: '/openapi.json', key: null });
    const openapi = openapiResponse.status === 200 ? openapiResponse.json : undefined;
    const account = await probeAccount(client, 'a');
    const clock = await client.send({ path: '/_sandbox/clock', fromOrigin: true });
    const nowMs = clock.json?.data?.now_ms;
    const control = clock.status === 200 && typeof nowMs === 'number';
    const code = clock.json?.error?.code;
    // A simulator answers a lower-scope key with its own envelope; that still identifies it.
    const simulator = control || (clock.status === 403 && code === 'insufficient_scope');
    return {
        simulator,
        control,
        clockOffsetMs: control ? nowMs - Date.now() : undefined,
        routes: routesOf(openapi),
        openapi,
        account,
    };
}
//# sourceMappingURL=probe.js.map