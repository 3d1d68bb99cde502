/**
 * `--cleanup RUN_ID`: finishes the sweep of an earlier run that crashed or was interrupted. It
 * reads the run's ledger file when there is one and then sweeps by the run's name prefix, so it
 * works even when the ledger was lost.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { KitClient } from './http/client.js';
import { Pacer } from './http/pacer.js';
import { realWaiter } from './http/waiter.js';
import { Ledger } from './safety/ledger.js';
import { checkRunId } from './safety/run-id.js';
import { sweep } from './safety/sweeper.js';
import { ROUTES, routeKey } from './spec/routes.js';
async function servedRoutes(client) {
    const response = await client.send({ path: '/openapi.json', key: null, sweep: true });
    const paths = response.json?.paths;
    if (response.status !== 200 || !paths)
        return new Set(ROUTES.map((route) => routeKey(route.method, route.path)));
    const routes = new Set();
    for (const [path, item] of Object.entries(paths))
        for (const method of Object.keys(item))
            routes.add(routeKey(method, path.replace(/^\/api\/v1(?=\/)/, '')));
    return routes;
}
export async function cleanupRun(options) {
    const runId = checkRunId(options.runId);
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    const dir = options.ledgerDir ?? '.switchboard-conformance';
    const ledger = existsSync(join(dir, `${runId}.json`)) ? Ledger.load(dir, runId) : new Ledger(runId, baseUrl, dir);
    const keys = new Map([['a', options.apiKey]]);
    if (options.apiKeyB)
        keys.set('b', options.apiKeyB);
    const client = new KitClient({
        baseUrl,
        runId,
        fetch: options.fetch ?? ((request) => fetch(request)),
        pacer: new Pacer(realWaiter(), { burst: 15, margin: 2 }),
        ledger,
        profile: () => 'safe',
        resolveKey: (label) => {
            const value = keys.get(label);
            return value === undefined ? undefined : { value, account: label };
        },
        timeoutMs: 30_000,
    });
    const accounts = options.apiKeyB ? ['a', 'b'] : ['a'];
    const result = await sweep({ client, ledger, prefix: runId, accounts, routes: await servedRoutes(client) });
    if (result.failed.length === 0)
        ledger.discard();
    return { deleted: result.deleted, failed: result.failed, ledgerFile: result.failed.length === 0 ? undefined : ledger.file };
}
//# sourceMappingURL=cleanup.js.map