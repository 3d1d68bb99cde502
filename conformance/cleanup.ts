/**
 * `--cleanup RUN_ID`: finishes the sweep of an earlier run that crashed or was interrupted. It
 * reads the run's ledger file when there is one, then sweeps the lists by the run's name prefix
 * (so it works even when the ledger was lost), and looks again to say what is left.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { KitClient } from './http/client.js';
import { Pacer } from './http/pacer.js';
import { realWaiter } from './http/waiter.js';
import type { FetchFn } from './options.js';
import { Ledger, type AccountLabel } from './safety/ledger.js';
import { checkRunId } from './safety/run-id.js';
import { cleanupCommand, sweep } from './safety/sweeper.js';
import { ROUTES, routeKey } from './spec/routes.js';
import type { CleanupSummary } from './types.js';

export interface CleanupOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly apiKeyB?: string;
  readonly runId: string;
  readonly ledgerDir?: string;
  readonly fetch?: FetchFn;
  /** Per-request timeout in ms (default 30000). */
  readonly timeoutMs?: number;
}

async function servedRoutes(client: KitClient): Promise<Set<string>> {
  const response = await client.send({ path: '/openapi.json', key: null, sweep: true });
  const paths = (response.json as { paths?: Record<string, object> } | undefined)?.paths;
  if (response.status !== 200 || !paths) return new Set(ROUTES.map((route) => routeKey(route.method, route.path)));
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(paths)) for (const method of Object.keys(item)) routes.add(routeKey(method, path.replace(/^\/api\/v1(?=\/)/, '')));
  return routes;
}

export async function cleanupRun(options: CleanupOptions): Promise<CleanupSummary> {
  const runId = checkRunId(options.runId);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const dir = options.ledgerDir ?? '.switchboard-conformance';
  const ledger = existsSync(join(dir, `${runId}.json`)) ? Ledger.load(dir, runId) : new Ledger(runId, baseUrl, dir);
  const keys = new Map<string, string>([['a', options.apiKey]]);
  if (options.apiKeyB) keys.set('b', options.apiKeyB);
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
    timeoutMs: options.timeoutMs ?? 30_000,
  });
  const accounts: AccountLabel[] = options.apiKeyB ? ['a', 'b'] : ['a'];
  const result = await sweep({ client, ledger, prefix: runId, accounts, routes: await servedRoutes(client) });
  const clean = result.remaining.length === 0 && result.verified;
  if (clean) ledger.discard();
  else ledger.persist();
  const needsB = options.apiKeyB !== undefined || ledger.list().some((entry) => entry.account === 'b');
  return {
    deleted: result.deleted,
    failed: result.failed,
    remaining: result.remaining,
    verified: result.verified,
    ledgerFile: clean ? undefined : ledger.file,
    command: clean ? undefined : cleanupCommand(baseUrl, runId, needsB ? ['a', 'b'] : ['a'], dir),
    tombstones: { revokedKeys: 0, archivedFields: 0, reused: 0 },
  };
}
