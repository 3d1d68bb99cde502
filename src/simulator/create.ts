/**
 * Assembles one simulator from a registry of resource groups: core services, the groups' models
 * (in need order), the seed, the route tables and the pipeline. Both runtimes (node:http and MSW)
 * and in-process tests call the same `handle`. Nothing here knows any particular group.
 */
import { fromFetchRequest, toFetchResponse } from '../adapters/fetch.js';
import { httpDate } from '../core/http-date.js';
import { JSON_CONTENT_TYPE } from '../core/json-content-type.js';
import { bytesSource, ownBuffer } from '../core/body.js';
import { VirtualClock, clockCanHold, parseTimestamp } from '../core/clock.js';
import { EventJournal, eventIndexes, eventRules, type EventListener, type EventRecord } from '../core/events.js';
import { IdempotencyKeys, idempotencyIndexes, idempotencyRules, type IdempotencyRecord } from '../core/idempotency.js';
import { consoleLogger, type Logger } from '../core/logger.js';
import { BASE_PATH, CONTROL_OPENAPI_PATH, CONTROL_PREFIX, OPENAPI_PATH, PUBLIC_PREFIX } from '../core/paths.js';
import { operatorCheck } from '../core/operator.js';
import { createPipeline, type ServedRequest } from '../core/pipeline.js';
import { randomToken } from '../core/random.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, parseRateLimit, type RateLimitConfig } from '../core/rate-limit.js';
import type { MountedRoute } from '../core/route.js';
import { Router } from '../core/router.js';
import { Scheduler } from '../core/scheduler.js';
import type { Plan, Scope, SimRequest, SimResponse } from '../core/types.js';
import { MutantSwitch, type MutantSeams } from '../control/mutants.js';
import { ServerFaults } from '../core/server-faults.js';
import { powersOf, type FunctionsOf } from '../control/power.js';
import type { AnyGroup, Group } from '../groups/define.js';
import {
  addPowerFunctions,
  checkRegistry,
  eventCatalogueOf,
  groupMutantsOf,
  groupSandboxFunctions,
  instantiateGroups,
  mountApiRoutes,
  mountGroupPowers,
  mountPowers,
  mountPublicRoutes,
} from '../groups/compose.js';
import { createLifecycle, type CoreServices } from '../groups/services.js';
import { buildControlOpenApi, buildOpenApi, type OpenApiDocument } from '../openapi/build.js';
import { registry, type Registry } from '../resources/index.js';
import { loopbackAllowance } from '../resources/webhooks/egress.js';
import { createFetchTransport, type WebhookTransport } from '../resources/webhooks/transport.js';
import { applySeed, type RecordRefused } from '../seed/apply.js';
import { defaultSeedOf } from '../seed/defaults.js';
import { parseSeedWith } from '../seed/parse.js';
import { seedSchemaOf } from '../seed/schema.js';
import { SnapshotError } from '../store/rules.js';
import { Store, type CommittedChanges } from '../store/store.js';
import type { HookSpecs } from '../core/hooks.js';
import type { PowerTree } from '../control/power.js';
import { simulatorPowers } from './powers.js';
import { readSnapshotChunks, snapshotTextChunks, type SnapshotChunks } from './snapshot-stream.js';
import { isStreamedBody } from '../core/streamed-body.js';
import { withExamples } from '../openapi/examples/attach.js';
import { fromRecorded, type RecordedExamples } from '../openapi/examples/collect.js';
import recordedExamples from '../openapi/examples/recorded.json' with { type: 'json' };
import type { SandboxControl, SimulatorSnapshot } from './types.js';
import { checkOptionKeys, type KeyList } from '../util/option-keys.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_PUBLIC_ORIGIN = 'http://127.0.0.1:4010';

export interface SimulatorOptions<G extends readonly AnyGroup[] = Registry> {
  /** The resource groups, ordered by need. Default: every group of the registry (resources/index.ts). */
  groups?: G;
  /** A seed (docs/fixtures.md). Validated; defaults to the embedded default seed. */
  seed?: unknown;
  /**
   * Loads the seed leniently: a list's record that a model refuses (one naming a record the seed
   * lacks, say) is skipped and reported here with its JSON path, instead of failing the load. The
   * seed's shape is still checked whole first. Default: any refusal fails the load.
   */
  onSeedRecordRefused?: RecordRefused;
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
  /**
   * Webhook receivers on loopback (http or https), for local receivers: `true` allows any port (a
   * test's own receiver on port 0), a list allows those ports only. Default false: public hosts only.
   */
  allowLocalWebhooks?: boolean | readonly number[];
  /**
   * The origin of absolute URLs the simulator serves itself (media files) when a request does
   * not say where it came from (in-process `sim.request`). Default `http://127.0.0.1:4010`, where
   * `switchboard serve` listens; the runtimes use the origin each request reached.
   */
  publicOrigin?: string;
  /** How webhook deliveries are sent. Default: global fetch; the node runtime passes an undici one. */
  webhookTransport?: WebhookTransport;
  /**
   * The sandbox operator's token (`X-Sandbox-Token`), needed over HTTP for the powers that act on
   * the whole sandbox. Default: a random one, readable as `sim.controlToken`.
   */
  controlToken?: string;
  logger?: Logger;
  /**
   * Hears every answered request: method, path (no query), status, account and Request-Id, never
   * a key or a body. `serve` writes its request log from it.
   */
  onServed?: (served: ServedRequest) => void;
}

const SIMULATOR_OPTION_KEYS = {
  groups: true, seed: true, onSeedRecordRefused: true, apiKey: true, rateLimit: true, clock: true, state: true, maxBodyBytes: true,
  allowLocalWebhooks: true, publicOrigin: true, webhookTransport: true, controlToken: true, logger: true, onServed: true,
} as const satisfies KeyList<SimulatorOptions>;
const CLOCK_OPTION_KEYS = { frozenAt: true } as const satisfies KeyList<NonNullable<SimulatorOptions['clock']>>;

/** Unknown keys and a seed given as a file path are refused before anything is built (audit 10d, F3/F5). */
function checkSimulatorOptions(options: unknown): void {
  checkOptionKeys('createSimulator', options, SIMULATOR_OPTION_KEYS, { frozen: 'clock', frozenAt: 'clock' });
  const { clock, seed } = options as SimulatorOptions;
  checkOptionKeys('createSimulator clock', clock, CLOCK_OPTION_KEYS, { frozen: 'frozenAt', at: 'frozenAt', start: 'frozenAt' });
  if (typeof seed === 'string') {
    throw new TypeError(
      `createSimulator: seed must be the parsed seed object, not a path ("${seed.slice(0, 80)}"): pass JSON.parse(readFileSync(file, 'utf8')) (\`serve --seed FILE\` is the one that reads a file)`,
    );
  }
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
  /**
   * Relative to `/api/v1` (e.g. `/contacts`), a full path starting with `/api/`, `/_sandbox` or
   * `/_media`, or a whole `http(s)://` URL (its path and query are used; its host is not checked).
   */
  path: string;
  /** Sent as `X-Service-Api-Key`. */
  key?: string;
  /** A JSON value or raw text; a `FormData`, `Blob` or `Uint8Array` is sent as those bytes (uploads). */
  body?: unknown;
  query?: SimRequest['query'];
  headers?: Record<string, string>;
}

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
type PowersOfGroup<G> = G extends Group<string, unknown, HookSpecs, infer P> ? P : never;

/** `sim.sandbox`: the simulator's own powers and every group's, as functions. */
export type SandboxApi<G extends readonly AnyGroup[] = Registry> = FunctionsOf<typeof simulatorPowers> &
  UnionToIntersection<FunctionsOf<PowersOfGroup<G[number]>>>;

export interface Simulator<G extends readonly AnyGroup[] = Registry> {
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
  /**
   * The snapshot as JSON text in chunks (about 64 Ki characters each), never one string: the
   * state as it is now, written lazily (records are never mutated, so later writes do not show).
   * Joined, exactly `JSON.stringify(sim.snapshot())` (with `indent`, as JSON.stringify's third
   * argument).
   */
  snapshotChunks(options?: { envelope?: boolean; indent?: number }): Generator<string, void, undefined>;
  /**
   * Restores a snapshot read from chunks (a file or request stream, an array of pieces), parsed
   * as they arrive. All or nothing: a SnapshotError (text that is not JSON, more than `maxBytes`,
   * default 1 GiB, a bad outline or record) changes nothing.
   */
  restoreFromChunks(chunks: SnapshotChunks, options?: { maxBytes?: number }): Promise<void>;
  setRateLimit(config: RateLimitConfig | 'off' | string): void;
  /** Hears every committed event of every account. */
  onEvent(listener: EventListener): () => void;
  /** Hears every committed state change (persistence uses it). */
  onChange(listener: () => void): () => void;
  /**
   * What every commit changed, as absolute record values, right after it commits (the write-ahead
   * log of `serve --state`, src/adapters/state-log.ts). Costs nothing while nobody listens.
   */
  onCommit(listener: (changes: CommittedChanges) => void): () => void;
  /** The API's OpenAPI 3.1 document, schemas only (what the simulator checks itself against). */
  openapi(): OpenApiDocument;
  /**
   * The document `/api/v1/openapi.json` serves: `openapi()` plus an example request and response
   * per operation and per reachable error status, recorded from a fresh default-seed simulator
   * (src/simulator/examples.ts; the suite fails when the recording drifts from the behaviour).
   */
  openapiWithExamples(): OpenApiDocument;
  /** The control plane's OpenAPI 3.1 document (`/_sandbox/openapi.json`). */
  controlOpenapi(): OpenApiDocument;
  /** The sandbox control plane as functions (the same powers as `/_sandbox/...`). */
  readonly sandbox: SandboxApi<G>;
  /** The sandbox operator's token: send it as `X-Sandbox-Token` to the control plane's operator powers. */
  readonly controlToken: string;
  /** Stops timers. The simulator answers requests afterwards, but runs no scheduled work. */
  close(): void;
}

/** The seed's account fields the simulator itself reads (the account group declares them). */
interface SeedAccountCore {
  readonly id: number;
  readonly business_name: string;
  readonly plan: Plan;
  readonly addon: 'active' | 'inactive';
  readonly api_keys: readonly { readonly name: string; readonly scope: Scope; readonly key: string }[];
}

export function createSimulator<const G extends readonly AnyGroup[] = Registry>(options: SimulatorOptions<G> = {}): Simulator<G> {
  return assembleSimulator(options, undefined);
}

/**
 * `createSimulator` with a seed that is already the output of this code's seed parser for these
 * groups, so it is not parsed again: serve's build-time bundle carries the default seed parsed
 * by the build (cli/checked-seed.ts), saving the parse's ~50 ms of a cold start. Not exported by
 * the package: a seed that did not come from the parser would skip its checks.
 */
export function createSimulatorWithCheckedSeed<const G extends readonly AnyGroup[] = Registry>(options: SimulatorOptions<G>, checkedSeed: unknown): Simulator<G> {
  return assembleSimulator(options, checkedSeed);
}

function assembleSimulator<const G extends readonly AnyGroup[]>(options: SimulatorOptions<G>, checkedSeed: unknown): Simulator<G> {
  checkSimulatorOptions(options);
  const groups: readonly AnyGroup[] = options.groups ?? registry;
  checkRegistry(groups);
  const controlToken = options.controlToken ?? `sbx_ctl_${randomToken(32)}`;
  const logger = options.logger ?? consoleLogger;
  const seedSchema = seedSchemaOf(groups);
  const parsedSeed =
    checkedSeed !== undefined
      ? checkedSeed
      : options.seed === undefined
        ? // The embedded seed is small and parsed once, at start: no JIT for it (seed/parse.ts).
          parseSeedWith(seedSchema, defaultSeedOf(groups), { jitless: true })
        : parseSeedWith(seedSchema, options.seed);
  const seed = withApiKey(
    parsedSeed as { accounts: Record<string, unknown>[] },
    options.apiKey,
    (value) => parseSeedWith(seedSchema, value) as { accounts: Record<string, unknown>[] },
  );
  const accounts = seed.accounts as unknown as (SeedAccountCore & Record<string, unknown>)[];
  const clock = new VirtualClock();
  const startFrozenAt = initialFrozenAt(options.clock?.frozenAt);
  if (startFrozenAt !== undefined) clock.freeze(startFrozenAt);

  const store = new Store();
  const scheduler = new Scheduler(clock, (error) => logger.error('scheduled work failed', error));
  const catalogue = eventCatalogueOf(groups);
  const events = new EventJournal(
    store,
    store.define<EventRecord>('events', eventIndexes, eventRules),
    clock,
    new Set(catalogue.map((event) => event.name)),
    new Map(catalogue.map((event) => [event.name, event.textFields])),
  );
  const idempotency = new IdempotencyKeys(store, store.define<IdempotencyRecord>('idempotency_keys', idempotencyIndexes, idempotencyRules), () => clock.now());
  const rateLimiter = new RateLimiter(toRateLimit(options.rateLimit ?? DEFAULT_RATE_LIMIT));
  clock.onJump((now, previous) => {
    if (now < previous) rateLimiter.reset();
  });

  const lifecycle = createLifecycle();
  const core: CoreServices = {
    store,
    clock,
    scheduler,
    events,
    logger,
    lifecycle,
    settings: {
      allowLocalWebhooks: loopbackAllowance(options.allowLocalWebhooks),
      publicOrigin: (options.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN).replace(/\/+$/, ''),
      webhookTransport: options.webhookTransport ?? createFetchTransport(),
    },
  };
  const instances = instantiateGroups(groups, core);
  const apiRoutes = mountApiRoutes(instances);

  const seams: MutantSeams = {
    authenticate: (key) => findKey(key),
    collections: () => store.allCollections(),
  };
  const mutants = new MutantSwitch(seams, groupMutantsOf(instances));
  const account = instances.find((instance) => instance.group.name === 'account')?.context.model as AccountAccess | undefined;
  const findKey: MutantSeams['authenticate'] = (key) => account?.authenticate(key);

  /** Replaces the state: checked completely first (a SnapshotError changes nothing), then swapped in. */
  function restoreState(snapshot: SimulatorSnapshot): void {
    if (!clockCanHold(snapshot.clock.now_ms)) throw new SnapshotError('clock.now_ms', 'the clock holds instants from 1970 to 9999');
    store.restore(snapshot.store);
    scheduler.clear();
    rateLimiter.reset();
    idempotency.clearInProgress();
    lifecycle.restored.run();
  }

  const serverFaults = new ServerFaults();
  const control: SandboxControl = {
    store,
    clock,
    events,
    mutants,
    serverFaults,
    rateLimit: () => rateLimiter.settings,
    reset(): void {
      restoreState(initialSnapshot);
      if (startFrozenAt === undefined) clock.resetToReal();
      else clock.freeze(startFrozenAt);
      mutants.set([]);
      serverFaults.clear();
    },
    snapshot: (): SimulatorSnapshot => ({ format: 'switchboard-snapshot', version: 1, clock: clock.state(), store: store.snapshot() }),
    restore(snapshot: SimulatorSnapshot): void {
      restoreState(snapshot);
      if (snapshot.clock.mode === 'frozen') clock.freeze(snapshot.clock.now_ms);
    },
  };

  // The whole seed at one instant: records are placed relative to now, and some are matched by
  // their times (a seeded flow run's answer is the transcript line at its event's instant).
  const heldWall = clock.holdWall();
  try {
    applySeed(store, instances, accounts, options.onSeedRecordRefused);
  } finally {
    if (heldWall) clock.releaseWall();
  }
  const initialSnapshot = control.snapshot();
  if (options.state) control.restore(options.state);
  lifecycle.started.run();

  const simulatorPowerList = powersOf(simulatorPowers);
  const controlRoutes: MountedRoute[] = [
    ...mountPowers(
      simulatorPowerList.map((entry) => entry.power),
      control,
    ),
    ...mountGroupPowers(instances),
  ];
  let apiDocument: OpenApiDocument | undefined;
  let controlDocument: OpenApiDocument | undefined;
  const openapi = (): OpenApiDocument => (apiDocument ??= buildOpenApi(groups));
  const controlOpenapi = (): OpenApiDocument => (controlDocument ??= buildControlOpenApi(groups, simulatorPowers));
  let servedDocument: OpenApiDocument | undefined;
  const openapiWithExamples = (): OpenApiDocument =>
    (servedDocument ??= withExamples(openapi(), fromRecorded(recordedExamples as unknown as RecordedExamples)));

  const pipeline = createPipeline({
    mounts: [
      { prefix: BASE_PATH, router: new Router<MountedRoute>(apiRoutes), metered: true },
      { prefix: CONTROL_PREFIX, router: new Router<MountedRoute>(controlRoutes), metered: false },
      { prefix: PUBLIC_PREFIX, router: new Router<MountedRoute>(mountPublicRoutes(instances)), metered: false, public: true },
    ],
    documents: new Map<string, () => unknown>([
      [OPENAPI_PATH, openapiWithExamples],
      [CONTROL_OPENAPI_PATH, controlOpenapi],
    ]),
    store,
    clock,
    authenticate: (key) => seams.authenticate(key),
    authVersion: () => account?.authVersion() ?? 0,
    isOperator: operatorCheck(controlToken),
    accountExists: (accountId) => account?.exists(accountId) === true,
    markKeyUsed: (keyId) => account?.markUsed(keyId),
    rateLimiter,
    idempotency,
    serverFaults,
    logger,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    ...(options.onServed ? { onServed: options.onServed } : {}),
  });
  const handle = mutants.wrapHandle(pipeline);

  const sandbox: Record<string, unknown> = {};
  addPowerFunctions(sandbox, simulatorPowerList, control, core);
  groupSandboxFunctions(instances, core, sandbox);

  return {
    handle,
    async request(request: RequestOptions): Promise<SimResponse> {
      const headers: Record<string, string> = { ...request.headers };
      if (request.key !== undefined) headers['X-Service-Api-Key'] = request.key;
      const { path, origin } = requestTarget(request.path);
      const base = { method: request.method ?? 'GET', path, query: request.query, headers, ...(origin !== undefined ? { origin } : {}) };
      if (!isBinaryBody(request.body)) return collected(await handle({ ...base, body: request.body }), clock);
      // A form or file goes as the bytes a fetch would send, with its multipart boundary.
      const encoded = new Response(request.body instanceof Uint8Array ? ownBuffer(request.body) : request.body);
      const type = encoded.headers.get('content-type');
      if (type !== null && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = type;
      return collected(await handle({ ...base, bodySource: bytesSource(new Uint8Array(await encoded.arrayBuffer())) }), clock);
    },
    async fetch(request: Request): Promise<Response> {
      return toFetchResponse(await handle(fromFetchRequest(request)), request.method === 'HEAD');
    },
    clock,
    accounts: describeAccounts(accounts),
    reset: control.reset,
    snapshot: control.snapshot,
    restore: control.restore,
    snapshotChunks: (chunkOptions = {}) => snapshotTextChunks(control.snapshot(), chunkOptions),
    async restoreFromChunks(chunks, restoreOptions = {}): Promise<void> {
      control.restore(await readSnapshotChunks(chunks, restoreOptions.maxBytes));
    },
    setRateLimit: (config) => rateLimiter.configure(toRateLimit(config)),
    onEvent: (listener) => events.subscribe(listener),
    onChange: (listener) => store.onChange(listener),
    onCommit: (listener) => store.onCommit(listener),
    openapi,
    openapiWithExamples,
    controlOpenapi,
    sandbox: sandbox as SandboxApi<G>,
    controlToken,
    close: () => {
      lifecycle.closing.run();
      scheduler.clear();
    },
  };
}

/** Paths `sim.request` takes as they are; anything else is relative to `/api/v1`. */
export function isFullPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith(CONTROL_PREFIX) || path.startsWith(`${PUBLIC_PREFIX}/`);
}

/**
 * What `sim.request({ path })` addresses. A whole URL (what a test copies from its MSW `baseUrl`)
 * is taken for its path and query, and its origin is where served media then points; it used to
 * be read as a path under /api/v1 and answer a bare 404 (audit 10d, F9).
 */
function requestTarget(path: string): { path: string; origin?: string } {
  if (!/^https?:\/\//i.test(path) || !URL.canParse(path)) return { path: isFullPath(path) ? path : `${BASE_PATH}${path}` };
  const url = new URL(path);
  const target = `${url.pathname}${url.search}`;
  return { path: isFullPath(url.pathname) ? target : `${BASE_PATH}${target}`, origin: url.origin };
}

/**
 * `sim.request` answers with values, as tests read them: a streamed JSON body is collected and
 * parsed. Its headers are the ones the runtimes send (audit 13c, C3, C6): `Content-Type` on every
 * answer with a body (JSON as `application/json; charset=utf-8`, a file as the route typed it), a
 * file's `Content-Length`, and a `Date` (the wall clock's when the pipeline stated none: on a
 * virtual clock it states the clock's). A JSON body is a value here, not bytes: it has no length.
 */
async function collected(response: SimResponse, clock: VirtualClock): Promise<SimResponse> {
  const headers = { ...response.headers };
  headers['Date'] ??= httpDate(clock.wall());
  const body = response.body;
  if (body === undefined) return { ...response, headers };
  if (body instanceof Uint8Array) {
    headers['Content-Length'] = String(body.byteLength);
    return { ...response, headers };
  }
  if (isStreamedBody(body)) {
    headers['Content-Type'] = body.contentType;
    return { ...response, headers, body: JSON.parse(await body.text()) as unknown };
  }
  headers['Content-Type'] = JSON_CONTENT_TYPE;
  return { ...response, headers };
}

/** Bodies `sim.request` sends as bytes rather than JSON: forms (uploads), blobs and raw bytes. */
function isBinaryBody(body: unknown): body is FormData | Blob | Uint8Array {
  return body instanceof FormData || body instanceof Blob || body instanceof Uint8Array;
}

/** What the pipeline needs of the account group's model: key lookup and `last_used_at`. */
interface AccountAccess {
  authenticate(key: string): ReturnType<MutantSeams['authenticate']>;
  authVersion(): number;
  markUsed(keyId: number): void;
  exists(accountId: number): boolean;
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

/** `--api-key`: the first account's full key becomes this one; the seed is parsed again. */
function withApiKey<S extends { accounts: Record<string, unknown>[] }>(seed: S, apiKey: string | undefined, parse: (value: unknown) => S): S {
  if (apiKey === undefined) return seed;
  const [first, ...rest] = seed.accounts as unknown as (SeedAccountCore & Record<string, unknown>)[];
  if (!first) return seed;
  const others = first.api_keys.filter((key) => key.scope !== 'full');
  const fixed = { name: 'Fixed full key', scope: 'full' as const, key: apiKey };
  return parse({ ...seed, accounts: [{ ...first, api_keys: [fixed, ...others] }, ...rest] });
}

function describeAccounts(accounts: readonly SeedAccountCore[]): SeedAccountInfo[] {
  return accounts.map((account) => {
    const keys: Partial<Record<Scope, string>> = {};
    for (const key of account.api_keys) keys[key.scope] ??= key.key;
    return { id: account.id, business_name: account.business_name, plan: account.plan, addon: account.addon, keys };
  });
}
