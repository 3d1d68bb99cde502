/**
 * One run's machinery: keys, ledger, pacer, client and what the probe learned about the target,
 * plus the per-check context. The target-dependent defaults are settled here: against the
 * simulator (proven by its control-plane document) the kit runs `full` at level `all` with 20
 * property runs; against anything else always the safe defaults: `safe`, `spec`, 5.
 */
import { KitClient, type KitResponse, type SendOptions } from '../http/client.js';
import { Pacer } from '../http/pacer.js';
import { Redactor } from '../http/redact.js';
import { realWaiter, virtualWaiter, type Waiter } from '../http/waiter.js';
import type { ResolvedOptions } from '../options.js';
import { recordCreation } from '../safety/creations.js';
import { Ledger, type AccountLabel } from '../safety/ledger.js';
import { FieldPool, TombstoneCount } from '../safety/tombstones.js';
import { RouteMatcher } from '../spec/match.js';
import { ROUTES, covers, routeKey, type Scope } from '../spec/routes.js';
import { TargetUnavailableError } from '../errors.js';
import { KeyRing } from '../target/keys.js';
import { probeAccount, probeTarget } from '../target/probe.js';
import type { ExchangeRecord, LevelSelection, Profile } from '../types.js';
import type { CheckContext, CheckDefinition, Need, TargetFacts } from './check.js';
import { Inconclusive, SkipCheck, setupStep } from './failure.js';
import { Observations } from './observations.js';
import { checkSeed, createPropertyRunner } from './property.js';

export interface Session {
  readonly runId: string;
  readonly prefix: string;
  readonly redactor: Redactor;
  readonly keys: KeyRing;
  readonly ledger: Ledger;
  readonly pacer: Pacer;
  readonly client: KitClient;
  readonly observations: Observations;
  readonly facts: TargetFacts;
  /** Why the target was taken for a deployment without a clear answer from /_sandbox. */
  readonly probeNote?: string;
  readonly profile: Profile;
  readonly level: LevelSelection;
  readonly runs: number;
  readonly shrink: boolean;
  readonly accounts: AccountLabel[];
  readonly tombstones: TombstoneCount;
  has(need: Need): boolean;
  context(check: CheckDefinition): CheckContext;
}

/** Switches from sleeping to virtual time once the probe says the target is the simulator. */
class SwitchableWaiter implements Waiter {
  constructor(public inner: Waiter) {}
  get virtual(): boolean {
    return this.inner.virtual;
  }
  now(): number {
    return this.inner.now();
  }
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    return this.inner.wait(ms, signal);
  }
}

/** The kit's own pace: under the spec's 20/s burst, for timing jitter on real networks. */
export const DEFAULT_REQUESTS_PER_SECOND = 15;

export async function openSession(options: ResolvedOptions, runId: string): Promise<Session> {
  const redactor = new Redactor();
  const keys = new KeyRing(redactor);
  keys.add('a', options.apiKey, 'a', undefined, '$SWITCHBOARD_API_KEY');
  if (options.apiKeyB) keys.add('b', options.apiKeyB, 'b', undefined, '$SWITCHBOARD_API_KEY_B');
  if (options.inactiveKey) keys.add('inactive', options.inactiveKey, 'inactive', undefined, '$SWITCHBOARD_INACTIVE_KEY');
  const ledger = new Ledger(runId, options.baseUrl, options.ledgerDir);
  // No signal here: the sweep after a Ctrl-C must still wait; the checks' waits get the signal.
  const waiter = new SwitchableWaiter(options.waiter ?? realWaiter());
  const pacer = new Pacer(waiter, { burst: options.requestsPerSecond, margin: 2 });
  // The probe only sends GETs; the real profile applies once it is settled.
  let profile: Profile = 'read-only';
  const client = new KitClient({
    baseUrl: options.baseUrl,
    runId,
    fetch: options.fetch,
    pacer,
    ledger,
    profile: () => profile,
    resolveKey: (label) => keys.resolve(label),
    timeoutMs: options.timeoutMs,
    controlToken: options.controlToken,
    signal: options.signal,
  });
  if (options.controlToken) redactor.add(options.controlToken, '$SWITCHBOARD_CONTROL_TOKEN');
  const observations = new Observations(() => pacer.now());
  const tombstones = new TombstoneCount();
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  let matcher = new RouteMatcher([]);
  client.observers.push((response: KitResponse, context) => {
    const url = new URL(response.exchange.url);
    const path = url.pathname.slice(basePath.length);
    observations.observe(response, context, matcher.match(response.exchange.method, path) !== undefined);
    const account = context.keyLabel.startsWith('b') ? 'b' : 'a';
    if (context.authenticated && context.keyLabel !== 'inactive') {
      recordCreation(ledger, runId, basePath, response, account);
      if (url.pathname.startsWith(basePath)) tombstones.observe(response, path.replace(/\/+$/, ''));
    }
  });

  const probe = await probeTarget(client, options.controlToken !== undefined);
  if (probe.account.status !== 200) {
    throw new TargetUnavailableError(
      `GET ${options.baseUrl}/account answered HTTP ${probe.account.status}; check the base URL (it ends in /api/v1) and the API key`,
    );
  }
  keys.add('a', options.apiKey, 'a', probe.account.scope, '$SWITCHBOARD_API_KEY');
  let accountIdB: number | undefined;
  if (options.apiKeyB) {
    const b = await probeAccount(client, 'b');
    if (b.status !== 200 || (b.id !== undefined && b.id === probe.account.id)) {
      throw new TargetUnavailableError(
        `--api-key-b must be a working key of another account (GET /account answered HTTP ${b.status}${b.id !== undefined && b.id === probe.account.id ? ', same account' : ''})`,
      );
    }
    keys.add('b', options.apiKeyB, 'b', b.scope, '$SWITCHBOARD_API_KEY_B');
    accountIdB = b.id;
  }

  // Only a proven simulator gets the costly defaults; anything else, however it answers, the safe ones.
  profile = options.profile ?? (probe.simulator ? 'full' : 'safe');
  const level: LevelSelection = options.level ?? (probe.simulator ? 'all' : 'spec');
  const runs = options.runs ?? (probe.simulator ? 20 : 5);
  // A caller's own waiter is kept as given: it already knows how time passes on its target.
  const ownWaiter = options.waiter !== undefined;
  const virtualTime = ownWaiter ? waiter.virtual : probe.control && options.virtualTime && profile !== 'read-only';
  const advance = async (ms: number): Promise<void> => {
    const response = await client.send({ method: 'POST', path: '/_sandbox/clock/advance', body: { ms: Math.ceil(ms) }, fromOrigin: true, operator: true });
    if (response.status !== 200) throw new Error(`the simulator refused to advance its clock: HTTP ${response.status}`);
  };
  if (virtualTime && !ownWaiter) waiter.inner = virtualWaiter(advance, probe.clockOffsetMs ?? 0);
  const routes = probe.routes ?? new Set(ROUTES.map((route) => routeKey(route.method, route.path)));
  matcher = new RouteMatcher(routes);
  const facts: TargetFacts = {
    simulator: probe.simulator,
    control: probe.control,
    virtualTime,
    routes,
    scope: probe.account.scope,
    plan: probe.account.plan,
    accountId: probe.account.id,
    accountIdB,
    rateLimiting: probe.rateLimiting,
  };
  const accounts: AccountLabel[] = options.apiKeyB ? ['a', 'b'] : ['a'];
  let names = 0;
  const send = (request: SendOptions): Promise<KitResponse> => client.send(request);
  const fields = new FieldPool(send, ledger, tombstones);

  const has = (need: Need): boolean => {
    switch (need) {
      case 'key_b':
        return keys.has('b');
      case 'inactive_key':
        return keys.has('inactive');
      case 'simulator':
        return probe.simulator;
      case 'control':
        return probe.control && profile !== 'read-only';
      case 'rate_limits':
        return probe.rateLimiting !== 'off';
      default:
        return true;
    }
  };

  const context = (check: CheckDefinition): CheckContext => {
    const replay = options.replay?.checkId === check.id ? options.replay : undefined;
    const seed = replay?.seed ?? checkSeed(options.seed, check.id);
    const ctx: CheckContext = {
      runId,
      prefix: runId,
      target: facts,
      profile,
      client,
      keys,
      ledger,
      pacer,
      observations,
      fields,
      fc: createPropertyRunner(seed, runs, probe.simulator, replay?.path, replay?.replayPath),
      send,
      name: (hint: string) => `${runId}_${hint.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${++names}`,
      scopeKey: async (scope: Scope) => {
        if (await keys.ensureScope(scope, client, runId, profile !== 'read-only')) return `a:${scope}`;
        throw new SkipCheck(keys.whyMissing(`a:${scope}`));
      },
      keyFor: async (scope: Scope) => {
        const own = keys.scopeOf('a');
        if (own && covers(own, scope)) return 'a';
        return ctx.scopeKey(scope);
      },
      serves: (method: string, path: string) => routes.has(routeKey(method, path)),
      skip: (reason: string, detail?: string): never => {
        throw new SkipCheck(reason, detail);
      },
      setup: setupStep,
      inconclusive: (reason: string, detail?: string, response?: KitResponse | ExchangeRecord): never => {
        throw new Inconclusive(reason, detail, response);
      },
      receiverPort: options.receiverPort,
      advanceClock: async (ms: number) => {
        if (!has('control')) throw new SkipCheck('needs_control');
        // Through the waiter when it is virtual, so the pacer's idea of the target's time follows.
        await (virtualTime ? waiter.wait(ms) : advance(ms));
      },
      wait: (ms: number) => pacer.settle(ms, options.signal),
      signal: options.signal,
    };
    return ctx;
  };

  return {
    runId,
    prefix: runId,
    redactor,
    keys,
    ledger,
    pacer,
    client,
    observations,
    facts,
    ...(probe.note !== undefined ? { probeNote: probe.note } : {}),
    profile,
    level,
    runs,
    shrink: probe.simulator,
    accounts,
    tombstones,
    has,
    context,
  };
}
