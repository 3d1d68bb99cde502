/**
 * Assembles one simulator: store, clock, models, the route tables and the pipeline. Both runtimes
 * (node:http and MSW) and in-process tests call the same `handle`.
 */
import { defaultSeed } from '../fixtures/default-seed.js';
import { fromFetchRequest, toFetchResponse } from './adapters/fetch.js';
import { VirtualClock, parseTimestamp } from './core/clock.js';
import { EventJournal, type EventListener, type EventRecord } from './core/events.js';
import { IdempotencyKeys, idempotencyIndexes, type IdempotencyRecord } from './core/idempotency.js';
import { consoleLogger, type Logger } from './core/logger.js';
import { MutantSwitch } from './core/mutants.js';
import { BASE_PATH, CONTROL_PREFIX, createPipeline } from './core/pipeline.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, parseRateLimit, type RateLimitConfig } from './core/rate-limit.js';
import { Router } from './core/router.js';
import { Scheduler } from './core/scheduler.js';
import type { SimRequest, SimResponse, Scope, Plan } from './core/types.js';
import { createSandboxApi, type SandboxApi } from './control/api.js';
import { allControlRoutes } from './control/index.js';
import { buildOpenApi, type OpenApiDocument } from './openapi/build.js';
import type { App, AppRoute, CoreServices, SimulatorSnapshot } from './resources/app.js';
import { apiRoutes, createModels } from './resources/index.js';
import { applySeed } from './seed/apply.js';
import { parseSeed } from './seed/parse.js';
import type { SeedFileData } from './seed/schema.js';
import { Store } from './store/store.js';
import { createFetchTransport, type WebhookTransport } from './resources/webhooks/transport.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface SimulatorOptions {
  /** A seed (docs/fixtures.md). Validated; defaults to the embedded default seed. */
  seed?: unknown;
  /** Replaces the first seed account's full-scope key. */
  apiKey?: string;
  /** `{perMinute, perSecond}`, `'200/20'`-style text, or `'off'`. Default 200/20. */
  rateLimit?: RateLimitConfig | 'off' | string;
  /** Start with the clock frozen at this instant (ISO timestamp or epoch ms). */
  clock?: { frozenAt?: string | number };
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

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const logger = options.logger ?? consoleLogger;
  const seed = withApiKey(parseSeed(options.seed ?? defaultSeed()), options.apiKey);
  const clock = new VirtualClock();
  const startFrozenAt = initialFrozenAt(options.clock?.frozenAt);
  if (startFrozenAt !== undefined) clock.freeze(startFrozenAt);

  const mutants = new MutantSwitch();
  const store = new Store({ ownershipBypassed: () => mutants.has('leak_cross_account') });
  const scheduler = new Scheduler(clock, (error) => logger.error('scheduled work failed', error));
  const events = new EventJournal(store, store.define<EventRecord>('events'), clock);
  const idempotency = new IdempotencyKeys(
    store,
    store.define<IdempotencyRecord>('idempotency_keys', idempotencyIndexes),
    () => clock.now(),
  );
  const rateLimiter = new RateLimiter(toRateLimit(options.rateLimit ?? DEFAULT_RATE_LIMIT));
  clock.onJump((now, previous) => {
    if (now < previous) rateLimiter.reset();
  });

  const core: CoreServices = {
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
    reset(): void {
      restoreSnapshot(initialSnapshot);
      if (startFrozenAt === undefined) clock.resetToReal();
      else clock.freeze(startFrozenAt);
      mutants.set([]);
    },
    snapshot(): SimulatorSnapshot {
      return { format: 'switchboard-snapshot', version: 1, clock: clock.state(), store: store.snapshot() };
    },
    restore(snapshot: SimulatorSnapshot): void {
      restoreSnapshot(snapshot);
      if (snapshot.clock.mode === 'frozen') clock.freeze(snapshot.clock.now_ms);
    },
  };
  const app: App = { ...core, models, sandbox };

  function restoreSnapshot(snapshot: SimulatorSnapshot): void {
    scheduler.clear();
    rateLimiter.reset();
    idempotency.clearInProgress();
    store.restore(snapshot.store);
    models.webhooks.dispatcher.resume();
  }

  applySeed(app, seed);
  const initialSnapshot = sandbox.snapshot();
  if (options.state) sandbox.restore(options.state);
  models.webhooks.dispatcher.start(options.webhookTransport ?? createFetchTransport());

  let document: OpenApiDocument | undefined;
  const openapi = (): OpenApiDocument => (document ??= buildOpenApi(apiRoutes));

  const handle = createPipeline<App>({
    mounts: [
      { prefix: BASE_PATH, router: new Router<AppRoute>(apiRoutes), metered: true },
      { prefix: CONTROL_PREFIX, router: new Router<AppRoute>(allControlRoutes), metered: false },
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
    request(request: RequestOptions): Promise<SimResponse> {
      const headers: Record<string, string> = { ...request.headers };
      if (request.key !== undefined) headers['X-Service-Api-Key'] = request.key;
      const path =
        request.path.startsWith('/api/') || request.path.startsWith(CONTROL_PREFIX)
          ? request.path
          : `${BASE_PATH}${request.path}`;
      return handle({ method: request.method ?? 'GET', path, query: request.query, headers, body: request.body });
    },
    async fetch(request: Request): Promise<Response> {
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

function toRateLimit(config: RateLimitConfig | 'off' | string): RateLimitConfig | 'off' {
  return typeof config === 'string' ? parseRateLimit(config) : config;
}

function initialFrozenAt(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === 'number' ? value : parseTimestamp(value);
  if (ms === null || !Number.isFinite(ms)) throw new Error(`clock.frozenAt is not a timestamp: ${value}`);
  return ms;
}

function withApiKey(seed: SeedFileData, apiKey: string | undefined): SeedFileData {
  if (apiKey === undefined) return seed;
  const [first, ...rest] = seed.accounts;
  if (!first) return seed;
  const others = first.api_keys.filter((key) => key.scope !== 'full');
  const fixed = { name: 'Fixed full key', scope: 'full' as const, key: apiKey };
  return parseSeed({ ...seed, accounts: [{ ...first, api_keys: [fixed, ...others] }, ...rest] });
}

function describeAccounts(seed: SeedFileData): SeedAccountInfo[] {
  return seed.accounts.map((account) => {
    const keys: Partial<Record<Scope, string>> = {};
    for (const key of account.api_keys) keys[key.scope] ??= key.key;
    return { id: account.id, business_name: account.business_name, plan: account.plan, addon: account.addon, keys };
  });
}
