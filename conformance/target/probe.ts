/**
 * Learns what the target is before any check runs: which routes it serves (its /openapi.json),
 * which account and scope the keys belong to, and whether it is the simulator. The simulator is
 * recognised only by positive proof: its control plane's own document (`GET
 * /_sandbox/openapi.json`, served without a key) names it; an error code proves nothing. Its
 * clock and faults need the operator token (`--control-token`); the customer's side (inbound
 * messages) takes an admin key of the account. Only the simulator offers the virtual clock and
 * inbound injection, and only there are assumption checks on by default.
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
  /** The simulator's operator powers answered (needs the operator token). */
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

/** The title the simulator's control-plane document carries: the one proof the target is the sandbox. */
export const SANDBOX_DOCUMENT_TITLE = 'Switchboard sandbox control plane';

export async function probeTarget(client: KitClient, hasControlToken: boolean): Promise<TargetProbe> {
  const openapiResponse = await client.send({ path: '/openapi.json', key: null });
  const openapi = openapiResponse.status === 200 ? openapiResponse.json : undefined;
  const account = await probeAccount(client, 'a');
  const sandboxDocument = await client.send({ path: '/_sandbox/openapi.json', key: null, fromOrigin: true });
  const title = (sandboxDocument.json as { info?: { title?: unknown } } | undefined)?.info?.title;
  const simulator = sandboxDocument.status === 200 && title === SANDBOX_DOCUMENT_TITLE;
  const clock = simulator && hasControlToken ? await client.send({ path: '/_sandbox/clock', fromOrigin: true, operator: true }) : undefined;
  const nowMs = (clock?.json as { data?: { now_ms?: unknown } } | undefined)?.data?.now_ms;
  const control = clock?.status === 200 && typeof nowMs === 'number';
  return {
    simulator,
    control,
    clockOffsetMs: control && typeof nowMs === 'number' ? nowMs - Date.now() : undefined,
    routes: routesOf(openapi),
    openapi,
    account,
  };
}
