/**
 * Learns what the target is before any check runs: which routes it serves (its /openapi.json),
 * which account and scope the keys belong to, and whether it is the simulator. The simulator
 * answers GET /_sandbox/clock to an admin key; a real deployment has no such route. Only the
 * simulator offers the virtual clock and inbound injection, and only there are assumption checks
 * on by default.
 */
import type { KitClient } from '../http/client.js';
import { routeKey, type Scope } from '../spec/routes.js';

export interface AccountProbe {
  readonly id: number | undefined;
  readonly scope: Scope | undefined;
  readonly plan: string | undefined;
  readonly status: number;
}

export interface TargetProbe {
  readonly simulator: boolean;
  /** The simulator's control plane answered (needs an admin key). */
  readonly control: boolean;
  /** Simulator clock minus the wall clock, when known. */
  readonly clockOffsetMs: number | undefined;
  /** `METHOD /path` of every operation in the target's /openapi.json, or undefined without one. */
  readonly routes: ReadonlySet<string> | undefined;
  readonly openapi: unknown;
  readonly account: AccountProbe;
}

const SCOPE_VALUES = new Set(['read', 'write', 'admin', 'full']);

export async function probeAccount(client: KitClient, key: string): Promise<AccountProbe> {
  const response = await client.send({ path: '/account', key });
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
  return routes;
}

export async function probeTarget(client: KitClient): Promise<TargetProbe> {
  const openapiResponse = await client.send({ path: '/openapi.json', key: null });
  const openapi = openapiResponse.status === 200 ? openapiResponse.json : undefined;
  const account = await probeAccount(client, 'a');
  const clock = await client.send({ path: '/_sandbox/clock', fromOrigin: true });
  const nowMs = (clock.json as { data?: { now_ms?: unknown } } | undefined)?.data?.now_ms;
  const control = clock.status === 200 && typeof nowMs === 'number';
  const code = (clock.json as { error?: { code?: unknown } } | undefined)?.error?.code;
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
