/**
 * Learns what the target is before any check runs: which routes it serves (its /openapi.json),
 * which account the keys belong to and what scope GET /account claims for them, and whether it is
 * the simulator. The simulator is recognised only by positive proof: its control plane's own
 * document (`GET /_sandbox/openapi.json`, served without a key) is OpenAPI and carries the sandbox
 * title; an error code or a status proves nothing, and every other target gets the safe defaults.
 * Its clock, faults and rate-limit state need the operator token (`--control-token`); the
 * customer's side (inbound messages) takes an admin key of the account.
 */
import type { KitClient } from '../http/client.js';
import { NoAnswer } from '../runner/failure.js';
import { TargetUnavailableError } from '../errors.js';
import { routeKey, type Scope } from '../spec/routes.js';
import { CUT_OFF_NOTE, isSandboxDocument, notAnsweredNote, SANDBOX_PROBE_TIMEOUT_MS } from './sandbox-probe.js';

export interface AccountProbe {
  readonly id: number | undefined;
  /** What GET /account claims; the kit still believes what the key does over this. */
  readonly scope: Scope | undefined;
  readonly plan: string | undefined;
  readonly status: number;
}

export interface TargetProbe {
  readonly simulator: boolean;
  /** The simulator's operator powers answered (needs the operator token). */
  readonly control: boolean;
  /** Simulator clock minus the wall clock, when known. */
  readonly clockOffsetMs: number | undefined;
  /** `off` only when the simulator's control plane says so. */
  readonly rateLimiting: 'on' | 'off' | 'unknown';
  /** `METHOD /path` of every operation in the target's /openapi.json, or undefined without one. */
  readonly routes: ReadonlySet<string> | undefined;
  readonly openapi: unknown;
  readonly account: AccountProbe;
  /** Why the target was taken for a deployment without a clear "no" from /_sandbox. */
  readonly note?: string;
}

const SCOPE_VALUES = new Set(['read', 'write', 'admin', 'full']);

/** The probe's requests: a target that cannot be reached stops the run with its URL named. */
async function reach<T>(client: KitClient, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NoAnswer) {
      const url = error.exchange?.url ?? client.url('/');
      throw new TargetUnavailableError(
        error.kind === 'timeout'
          ? `${url}: no answer in ${client.timeoutMs / 1000} s (is the target up? --timeout sets the limit)`
          : `could not reach ${url} (${error.detail}); is the target up, and is --base-url right?`,
      );
    }
    throw error;
  }
}

export async function probeAccount(client: KitClient, key: string): Promise<AccountProbe> {
  const response = await reach(client, () => client.send({ path: '/account', key }));
  if (response.status >= 200 && response.status < 300 && (typeof response.json !== 'object' || response.json === null)) {
    // A wrong URL behind a web server answers its welcome page with 200: stop before any check
    // runs rather than fail every one of them against HTML.
    const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'no content type';
    throw new TargetUnavailableError(`${response.exchange.url} answered ${type}, not JSON: is --base-url the API's /api/v1?`);
  }
  const data = (response.json as { data?: { account?: { id?: unknown; plan?: unknown }; api_key?: { scope?: unknown } } } | undefined)?.data;
  const scope = data?.api_key?.scope;
  return {
    id: typeof data?.account?.id === 'number' ? data.account.id : undefined,
    scope: typeof scope === 'string' && SCOPE_VALUES.has(scope) ? (scope as Scope) : undefined,
    plan: typeof data?.account?.plan === 'string' ? data.account.plan : undefined,
    status: response.status,
  };
}

function routesOf(document: unknown): Set<string> | undefined {
  const paths = (document as { paths?: unknown } | undefined)?.paths;
  if (typeof paths !== 'object' || paths === null) return undefined;
  const routes = new Set<string>();
  for (const [rawPath, item] of Object.entries(paths)) {
    if (typeof item !== 'object' || item === null) continue;
    // Documents whose server URL is the bare host spell paths with the version segment.
    const path = rawPath.replace(/^\/api\/v1(?=\/)/, '');
    for (const method of ['get', 'post', 'patch', 'delete', 'put']) {
      if (method in item) routes.add(routeKey(method, path));
    }
  }
  return routes.size > 0 ? routes : undefined;
}

export { isSandboxDocument, SANDBOX_DOCUMENT_TITLE } from './sandbox-probe.js';

/**
 * The control plane's document, under the sandbox probe's own short limit. GET /account has
 * already answered, so the origin is up: no answer here, or one cut off, is a deployment that
 * tarpits or drops unknown paths, not a target that is down.
 */
async function askSandboxDocument(client: KitClient): Promise<{ simulator: boolean; note?: string }> {
  try {
    const response = await client.send({ path: '/_sandbox/openapi.json', key: null, fromOrigin: true, timeoutMs: SANDBOX_PROBE_TIMEOUT_MS });
    return { simulator: isSandboxDocument(response.status, response.json) };
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    return { simulator: false, note: error.kind === 'timeout' ? notAnsweredNote(Math.min(SANDBOX_PROBE_TIMEOUT_MS, client.timeoutMs)) : CUT_OFF_NOTE };
  }
}

/** The target's own /openapi.json, if it serves one in time: its routes narrow the catalogue. */
async function askApiDocument(client: KitClient): Promise<unknown> {
  try {
    const response = await client.send({ path: '/openapi.json', key: null });
    return response.status === 200 ? response.json : undefined;
  } catch (error) {
    if (error instanceof NoAnswer) return undefined;
    throw error;
  }
}

export async function probeTarget(client: KitClient, hasControlToken: boolean): Promise<TargetProbe> {
  // GET /account first: it is the question whether the target is up at all. The documents after
  // it are optional, so a deployment that hides or tarpits them is still judged.
  const account = await probeAccount(client, 'a');
  const openapi = await askApiDocument(client);
  const { simulator, note } = await askSandboxDocument(client);
  const operator = simulator && hasControlToken;
  const clock = operator ? await reach(client, () => client.send({ path: '/_sandbox/clock', fromOrigin: true, operator: true })) : undefined;
  const nowMs = (clock?.json as { data?: { now_ms?: unknown } } | undefined)?.data?.now_ms;
  const control = clock?.status === 200 && typeof nowMs === 'number';
  let rateLimiting: TargetProbe['rateLimiting'] = 'unknown';
  if (control) {
    const limits = await reach(client, () => client.send({ path: '/_sandbox/rate-limit', fromOrigin: true, operator: true }));
    const enabled = (limits.json as { data?: { enabled?: unknown } } | undefined)?.data?.enabled;
    if (limits.status === 200 && typeof enabled === 'boolean') rateLimiting = enabled ? 'on' : 'off';
  }
  return {
    simulator,
    control,
    clockOffsetMs: control && typeof nowMs === 'number' ? nowMs - Date.now() : undefined,
    rateLimiting,
    routes: routesOf(openapi),
    openapi,
    account,
    ...(note !== undefined ? { note } : {}),
  };
}
