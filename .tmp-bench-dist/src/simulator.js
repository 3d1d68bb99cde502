/**
 * Assembles one simulator: store, clock, models, the route tables and the pipeline. Both runtimes
 * (node:http and MSW) and in-process tests call the same `handle`.
 */
import { defaultSeed } from '../fixtures/default-seed.js';
import { fromFetchRequest, toFetchResponse } from './adapters/fetch.js';
import { VirtualClock, parseTimestamp } from './core/clock.js';
import { EventJournal } from './core/events.js';
import { IdempotencyKeys, idempotencyIndexes } from './core/idempotency.js';
import { consoleLogger } from './core/logger.js';
import { MutantSwitch } from './core/mutants.js';
import { BASE_PATH, CONTROL_PREFIX, createPipeline } from './core/pipeline.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, parseRateLimit } from './core/rate-limit.js';
import { Router } from './core/router.js';
import { Scheduler } from './core/scheduler.js';
import { createSandboxApi } from './control/api.js';
import { allControlRoutes } from './control/index.js';
import { buildOpenApi } from './openapi/build.js';
import { apiRoutes, createModels } from './resources/index.js';
import { applySeed } from './seed/apply.js';
import { parseSeed } from './seed/parse.js';
import { Store } from './store/store.js';
import { createFetchTransport } from './resources/webhooks/transport.js';
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export function createSimulator(options = {}) {
    const logger = options.logger ?? consoleLogger;
    const seed = withApiKey(parseSeed(options.seed ?? defaultSeed()), options.apiKey);
    const clock = new VirtualClock();
    const startFrozenAt = initialFrozenAt(options.clock?.frozenAt);
    if (startFrozenAt !== undefined)
        clock.freeze(startFrozenAt);
    const mutants = new MutantSwitch();
    const store = new Store({ ownershipBypassed: () => mutants.has('leak_cross_account') });
    const scheduler = new Scheduler(clock, (error) => logger.error('scheduled work failed', error));
    const events = new EventJournal(store, store.define('events'), clock);
    const idempotency = new IdempotencyKeys(store, store.define('idempotency_keys', idempotencyIndexes), () => clock.now());
    const rateLimiter = new RateLimiter(toRateLimit(options.rateLimit ?? DEFAULT_RATE_LIMIT));
    clock.onJump((now, previous) => {
        if (now < previous)
            rateLimiter.reset();
    });
    const core = {
        store,
        clock,
        scheduler,
        events,
        mutants,
        logger,
        settings: { allowLocalWebhooks: options.allowLocalWebhooks ?? false },
    };
    const models = createModels(core);
    const sandbox = {
        reset() {
            restoreSnapshot(initialSnapshot);
            if (startFrozenAt === undefined)
                clock.resetToReal();
            else
                clock.freeze(startFrozenAt);
            mutants.set([]);
        },
        snapshot() {
            return { format: 'switchboard-snapshot', version: 1, clock: clock.state(), store: store.snapshot() };
        },
        restore(snapshot) {
            restoreSnapshot(snapshot);
            if (snapshot.clock.mode === 'frozen')
                clock.freeze(snapshot.clock.now_ms);
        },
    };
    const app = { ...core, models, sandbox };
    function restoreSnapshot(snapshot) {
        scheduler.clear();
        rateLimiter.reset();
        idempotency.clearInProgress();
        store.restore(snapshot.store);
        models.webhooks.dispatcher.resume();
    }
    applySeed(app, seed);
    const initialSnapshot = sandbox.snapshot();
    if (options.state)
        sandbox.restore(options.state);
    models.webhooks.dispatcher.start(options.webhookTransport ?? createFetchTransport());
    let document;
    const openapi = () => (document ??= buildOpenApi(apiRoutes));
    const handle = createPipeline({
        mounts: [
            { prefix: BASE_PATH, router: new Router(apiRoutes), metered: true },
            { prefix: CONTROL_PREFIX, router: new Router(allControlRoutes), metered: false },
        ],
        app,
        store,
        now: () => clock.now(),
        authenticate: (key) => models.account.authenticate(key),
        markKeyUsed: (keyId) => models.account.markUsed(keyId),
        rateLimiter,
        idempotency,
        openapi,
        mutants,
        logger,
        maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    });
    return {
        handle,
        request(request) {
            const headers = { ...request.headers };
            if (request.key !== undefined)
                headers['X-Service-Api-Key'] = request.key;
            const path = request.path.startsWith('/api/') || request.path.startsWith(CONTROL_PREFIX)
                ? request.path
                : `${BASE_PATH}${request.path}`;
            return handle({ method: request.method ?? 'GET', path, query: request.query, headers, body: request.body });
        },
        async fetch(request) {
            return toFetchResponse(await handle(await fromFetchRequest(request)));
        },
        clock,
        accounts: describeAccounts(seed),
        reset: sandbox.reset,
        snapshot: sandbox.snapshot,
        restore: sandbox.restore,
        setRateLimit: (config) => rateLimiter.configure(toRateLimit(config)),
        onEvent: (listener) => events.subscribe(listener),
        onChange: (listener) => store.onChange(listener),
        openapi,
        sandbox: createSandboxApi(app),
        close: () => {
            models.webhooks.dispatcher.stop();
            scheduler.clear();
        },
    };
}
function toRateLimit(config) {
    return typeof config === 'string' ? parseRateLimit(config) : config;
}
function initialFrozenAt(value) {
    if (value === undefined)
        return undefined;
    const ms = typeof value === 'number' ? value : parseTimestamp(value);
    if (ms === null || !Number.isFinite(ms))
        throw new Error(`clock.frozenAt is not a timestamp: ${value}`);
    return ms;
}
function withApiKey(seed, apiKey) {
    if (apiKey === undefined)
        return seed;
    const [first, ...rest] = seed.accounts;
    if (!first)
        return seed;
    const others = first.api_keys.filter((key) => key.scope !== 'full');
    const fixed = { name: 'Fixed full key', scope: 'full', key: apiKey };
    return parseSeed({ ...seed, accounts: [{ ...first, api_keys: [fixed, ...others] }, ...rest] });
}
function describeAccounts(seed) {
    return seed.accounts.map((account) => {
        const keys = {};
        for (const key of account.api_keys)
            keys[key.scope] ??= key.key;
        return { id: account.id, business_name: account.business_name, plan: account.plan, addon: account.addon, keys };
    });
}
//# sourceMappingURL=simulator.js.map