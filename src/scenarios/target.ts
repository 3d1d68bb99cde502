/**
 * Where a scenario runs: the in-process simulator (`sandbox`, a fresh one per file), a running
 * Switchboard sandbox over HTTP, or any deployment. Every target is a fetch function plus named
 * credentials; HTTP targets are paced by the `RateLimit-*` headers with the conformance kit's
 * pacer, wait out 429s, and turn a target that is down, hangs or answers HTML into one readable
 * sentence within a bounded time.
 */
import { dirname, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { Pacer } from '../../conformance/http/pacer.js';
import { realWaiter } from '../../conformance/http/waiter.js';
import { isDeadlineError, withDeadline } from '../../conformance/http/deadline.js';
import { describeUnreachable, OriginUnreachable, probeSandbox, SANDBOX_PROBE_TIMEOUT_MS, type SandboxProbe } from '../../conformance/target/sandbox-probe.js';
import { silentLogger } from '../core/logger.js';
import { BASE_PATH, CONTROL_PREFIX } from '../core/paths.js';
import type { Scope } from '../core/types.js';
import { defaultSeed } from '../seed/default.js';
import { createSimulator, type Simulator } from '../simulator.js';
import type { ScenarioFile } from './schema.js';
import type { TargetKind } from './types.js';

export type FetchFn = (request: Request) => Promise<Response>;

export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

function toRequest(request: OutgoingRequest): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body: request.body });
}

export interface ScenarioTarget {
  readonly label: string;
  readonly kind: TargetKind;
  /** Ends in `/api/v1`. */
  readonly baseUrl: string;
  /** The control plane beside it (`<origin><prefix>/_sandbox`). */
  readonly controlUrl: string;
  /** Why an HTTP target was taken for a deployment without a clear answer from /_sandbox (a tarpit). */
  readonly note?: string;
  /** The in-process simulator, for a `simulator` target (a terminal UI can show its state). */
  readonly simulator?: Simulator;
  /** A credential by name, or undefined when the target has none by that name. */
  credential(name: string): string | undefined;
  /** The sandbox operator (token and the scenario's account), when known: sandbox steps act as it. */
  readonly operator?: { readonly token: string; readonly accountId: number };
  /** Sends with pacing (HTTP targets) and a bounded wait; throws TargetError. */
  send(request: OutgoingRequest, paceKey: string | undefined): Promise<Response>;
  close(): Promise<void>;
}

/** A target that could not be asked: down, hanging, refusing. The message is for people. */
export class TargetError extends Error {}

const SCOPES: readonly Scope[] = ['full', 'admin', 'write', 'read'];
export const SANDBOX_BASE_URL = `http://sandbox.invalid${BASE_PATH}`;
export const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_429_RETRIES = 4;

function controlUrlOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  const prefix = url.pathname.endsWith(BASE_PATH) ? url.pathname.slice(0, -BASE_PATH.length) : '';
  return `${url.origin}${prefix}${CONTROL_PREFIX}`;
}

function describeFailure(error: unknown, url: string, timeoutMs: number): string {
  const origin = new URL(url).origin;
  if (isDeadlineError(error)) return `${origin} did not answer within ${timeoutMs / 1000} s`;
  return describeUnreachable(error, origin);
}

/** The shared sandbox probe (conformance/target/sandbox-probe.ts); a dead origin is a TargetError. */
async function askOrigin(fetchFn: FetchFn | undefined, controlUrl: string, timeoutMs: number): Promise<SandboxProbe> {
  try {
    return await probeSandbox(fetchFn ?? ((request) => fetch(request)), controlUrl, timeoutMs);
  } catch (error) {
    if (error instanceof OriginUnreachable) throw new TargetError(error.message);
    throw error;
  }
}

/** Keys of one seed account by scope; `default` is the full key. */
function accountCredentials(keys: Partial<Record<Scope, string>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const scope of SCOPES) if (keys[scope]) out.set(scope, keys[scope]!);
  const best = keys.full ?? keys.admin ?? keys.write ?? keys.read;
  if (best) out.set('default', best);
  return out;
}

export interface SandboxTargetOptions {
  /** The scenario file, to resolve a `seed:` path against. */
  readonly file?: string;
}

/** A fresh in-process simulator for one scenario, seeded from its `seed`, clock and rate limit. */
export function sandboxTarget(scenario: ScenarioFile, options: SandboxTargetOptions = {}): ScenarioTarget {
  let seed: unknown;
  if (typeof scenario.seed === 'string') {
    const path = resolve(options.file ? dirname(options.file) : '.', scenario.seed);
    try {
      seed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new TargetError(`seed ${scenario.seed}: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else seed = scenario.seed;
  let sim: Simulator;
  try {
    sim = createSimulator({
      seed,
      rateLimit: scenario.rate_limit ?? 'off',
      ...(scenario.clock ? { clock: { frozenAt: scenario.clock.frozen_at } } : {}),
      logger: silentLogger,
    });
  } catch (error) {
    throw new TargetError(`the scenario's sandbox could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  return simulatorTarget(sim, scenario.account ?? 1, { label: 'sandbox (in process)', close: () => sim.close() });
}

/** An existing simulator (a library user's, shared with their MSW handlers). */
export function simulatorTarget(sim: Simulator, accountId = 1, options: { label?: string; close?: () => void } = {}): ScenarioTarget {
  const account = sim.accounts.find((candidate) => candidate.id === accountId);
  if (!account) throw new TargetError(`the sandbox has no account ${accountId} (accounts: ${sim.accounts.map((a) => a.id).join(', ')})`);
  const credentials = accountCredentials(account.keys);
  return {
    label: options.label ?? 'sandbox (in process)',
    kind: 'simulator',
    baseUrl: SANDBOX_BASE_URL,
    controlUrl: controlUrlOf(SANDBOX_BASE_URL),
    simulator: sim,
    operator: { token: sim.controlToken, accountId },
    credential: (name) => credentials.get(name),
    send: (request) => sim.fetch(toRequest(request)),
    close: async () => options.close?.(),
  };
}

export interface HttpTargetOptions {
  /** Ends in `/api/v1`. */
  readonly baseUrl: string;
  /** Credentials by name; `default` is what `--api-key` sets and what unnamed steps use. */
  readonly credentials?: Readonly<Record<string, string>>;
  /** Default the global fetch (MSW intercepts it in a test suite). */
  readonly fetch?: FetchFn;
  readonly timeoutMs?: number;
  /** The seed account whose default-seed keys a Switchboard sandbox target uses when no key is given. */
  readonly account?: number;
  /** Force the kind instead of probing `/_sandbox/openapi.json`. */
  readonly kind?: 'sandbox' | 'remote';
  /** The probe's own limit (default 3 s, never above `timeoutMs`): silence there means a deployment. */
  readonly probeTimeoutMs?: number;
  /** Pace by RateLimit-* headers (default true). */
  readonly pace?: boolean;
  /** A Switchboard sandbox's operator token (`serve` prints it): sandbox steps act as the operator. */
  readonly controlToken?: string;
}

/**
 * Sends one request and reads its whole body within `timeoutMs`: a server that sends headers and
 * then stalls has not answered either. The global fetch gets the signal in its own init, not only
 * through the Request (undici#4068 loses a Request's signal after a GC); `withDeadline` settles
 * on time whatever the fetch does. The answer comes back with its body buffered.
 */
async function fetchWithin(fetchFn: FetchFn | undefined, request: OutgoingRequest, timeoutMs: number): Promise<Response> {
  return withDeadline(timeoutMs, async (signal) => {
    const init = { method: request.method, headers: request.headers, body: request.body, signal };
    const response = fetchFn ? await fetchFn(new Request(request.url, init)) : await fetch(request.url, init);
    const body = await response.arrayBuffer();
    const bodiless = response.status === 204 || response.status === 304 || body.byteLength === 0;
    return new Response(bodiless ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
}

export async function httpTarget(options: HttpTargetOptions): Promise<ScenarioTarget> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw new TargetError(`the target must be "sandbox" or a URL starting with http:// or https://, got "${options.baseUrl}"`);
  const fetchFn = options.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controlUrl = controlUrlOf(baseUrl);
  // A forced kind skips the question; otherwise one short probe, whose silence means a deployment.
  const probe = options.kind === undefined ? await askOrigin(fetchFn, controlUrl, Math.min(options.probeTimeoutMs ?? SANDBOX_PROBE_TIMEOUT_MS, timeoutMs)) : undefined;
  const kind = options.kind ?? (probe?.sandbox ? 'sandbox' : 'remote');
  const credentials = new Map(Object.entries(options.credentials ?? {}));
  if (kind === 'sandbox' && credentials.size === 0) {
    // A sandbox started on the default seed: its keys are public and deterministic (README).
    const account = defaultSeed().accounts.find((candidate) => candidate.id === (options.account ?? 1));
    const keys: Partial<Record<Scope, string>> = {};
    for (const key of account?.api_keys ?? []) keys[key.scope] ??= key.key;
    for (const [name, value] of accountCredentials(keys)) credentials.set(name, value);
  }
  const pacer = options.pace === false ? undefined : new Pacer(realWaiter(), { burst: 15, margin: 2 });

  async function once(request: OutgoingRequest): Promise<Response> {
    try {
      return await fetchWithin(fetchFn, request, timeoutMs);
    } catch (error) {
      throw new TargetError(describeFailure(error, request.url, timeoutMs));
    }
  }

  return {
    label: baseUrl,
    kind,
    baseUrl,
    controlUrl,
    ...(probe?.note !== undefined ? { note: probe.note } : {}),
    ...(options.controlToken !== undefined && kind === 'sandbox' ? { operator: { token: options.controlToken, accountId: options.account ?? 1 } } : {}),
    credential: (name) => credentials.get(name),
    async send(request, paceKey) {
      if (!pacer || paceKey === undefined) return once(request);
      for (let attempt = 0; ; attempt++) {
        await pacer.before(paceKey);
        const response = await once(request);
        pacer.after(paceKey, response.headers);
        if (response.status !== 429 || attempt >= MAX_429_RETRIES) return response;
        await response.arrayBuffer().catch(() => undefined);
        await pacer.retryAfter(response.headers);
      }
    },
    close: async () => undefined,
  };
}
