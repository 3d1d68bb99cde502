/**
 * Undoes what the run created: first every ledger entry (newest first, so a contact goes before
 * the tag it carries and minted keys go last), then a sweep by name prefix for anything the
 * ledger cannot know about (tags created implicitly by POST /contacts, a crash between a create
 * and its ledger write). Errors never stop the sweep; they are reported.
 */
import type { KitClient } from '../http/client.js';
import type { AccountLabel, Ledger } from './ledger.js';

export interface SweepResult {
  deleted: number;
  failed: string[];
}

export interface SweepOptions {
  readonly client: KitClient;
  readonly ledger: Ledger;
  readonly prefix: string;
  /** The accounts whose keys the kit holds. */
  readonly accounts: readonly AccountLabel[];
  /** `METHOD /path` templates the target serves (prefix sweep only touches those). */
  readonly routes: ReadonlySet<string>;
}

function items(json: unknown): Record<string, unknown>[] {
  const data = typeof json === 'object' && json !== null ? (json as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
}

export async function sweep(options: SweepOptions): Promise<SweepResult> {
  const { client, ledger } = options;
  const result: SweepResult = { deleted: 0, failed: [] };
  const held = new Set(options.accounts);
  for (const entry of [...ledger.list()].reverse()) {
    if (!held.has(entry.account)) {
      result.failed.push(`${entry.kind} ${entry.id}: no key for account ${entry.account}`);
      continue;
    }
    try {
      const response = await client.send({ method: entry.method, path: entry.path, body: entry.body, key: entry.account, sweep: true });
      if ((response.status >= 200 && response.status < 300) || response.status === 404) {
        ledger.forget(entry.kind, entry.id);
        result.deleted++;
      } else result.failed.push(`${entry.method} ${entry.path}: HTTP ${response.status}`);
    } catch (error) {
      result.failed.push(`${entry.method} ${entry.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const account of options.accounts) await sweepByPrefix(options, account, result);
  return result;
}

interface PrefixSweep {
  readonly list: string;
  readonly query?: Record<string, string>;
  readonly field: string;
  readonly undo: (id: number) => { method: 'DELETE' | 'PATCH'; path: string; body?: unknown };
  readonly route: string;
  readonly skip?: (item: Record<string, unknown>) => boolean;
}

const PREFIX_SWEEPS: readonly PrefixSweep[] = [
  { list: '/contacts', field: 'platform_user_id', route: 'DELETE /contacts/{id}', undo: (id) => ({ method: 'DELETE', path: `/contacts/${id}` }) },
  { list: '/tags', field: 'name', route: 'DELETE /tags/{id}', undo: (id) => ({ method: 'DELETE', path: `/tags/${id}` }) },
  {
    list: '/webhooks/endpoints',
    field: 'name',
    route: 'DELETE /webhooks/endpoints/{id}',
    undo: (id) => ({ method: 'DELETE', path: `/webhooks/endpoints/${id}` }),
  },
  {
    list: '/custom-fields',
    field: 'field_key',
    route: 'PATCH /custom-fields/{id}',
    undo: (id) => ({ method: 'PATCH', path: `/custom-fields/${id}`, body: { archived: true } }),
    skip: (item) => item['archived'] === true,
  },
  {
    list: '/flows',
    query: { limit: '100' },
    field: 'name',
    route: 'DELETE /flows/{id}',
    undo: (id) => ({ method: 'DELETE', path: `/flows/${id}` }),
  },
  {
    list: '/api-keys',
    query: { limit: '100' },
    field: 'name',
    route: 'DELETE /api-keys/{id}',
    undo: (id) => ({ method: 'DELETE', path: `/api-keys/${id}` }),
    skip: (item) => item['revoked'] === true || item['is_current'] === true,
  },
];

async function sweepByPrefix(options: SweepOptions, account: AccountLabel, result: SweepResult): Promise<void> {
  for (const spec of PREFIX_SWEEPS) {
    if (!options.routes.has(`GET ${spec.list}`) || !options.routes.has(spec.route)) continue;
    try {
      const query = spec.list === '/contacts' ? { ...spec.query, name: options.prefix, limit: '100' } : spec.query;
      const listed = await options.client.send({ path: spec.list, query, key: account, sweep: true });
      if (listed.status !== 200) continue;
      for (const item of items(listed.json)) {
        const value = item[spec.field];
        const id = item['id'];
        if (typeof value !== 'string' || !value.startsWith(options.prefix) || typeof id !== 'number') continue;
        if (spec.skip?.(item)) continue;
        const undo = spec.undo(id);
        const response = await options.client.send({ ...undo, key: account, sweep: true });
        if (response.status >= 200 && response.status < 300) result.deleted++;
        else if (response.status !== 404) result.failed.push(`${undo.method} ${undo.path}: HTTP ${response.status}`);
      }
    } catch (error) {
      result.failed.push(`sweep ${spec.list}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
