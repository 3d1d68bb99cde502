/**
 * Undoes what the run created, then looks again to say exactly what is left.
 *
 * 1. Every ledger entry is undone: keys first (a secret the kit created is revoked before
 *    anything else), then webhook endpoints (they hold signing secrets), then the rest newest
 *    first, so a contact goes before the tag it carries.
 * 2. Each kind the kit knows how to list is listed and whatever is the run's (an id in the
 *    ledger, a name under the run prefix, an active field of the kit's pool) and still live is
 *    undone: tags that POST /contacts created on the way, anything a crash kept out of the
 *    ledger, anything whose undo "succeeded" without effect.
 * 3. The same lists are read once more; what is still live is reported as remaining. A list the
 *    target refuses makes the sweep unverified (it cannot say what is left), never "clean".
 *
 * Errors never stop the sweep; they are reported. Its requests are paced and never interrupted.
 */
import type { KitClient, KitResponse } from '../http/client.js';
import { NoAnswer } from '../runner/failure.js';
import { RouteMatcher } from '../spec/match.js';
import type { Leftover } from '../types.js';
import type { AccountLabel, Ledger, LedgerEntry } from './ledger.js';
import { POOL_PREFIX } from './tombstones.js';

export interface SweepResult {
  deleted: number;
  failed: string[];
  remaining: Leftover[];
  verified: boolean;
}

export interface SweepOptions {
  readonly client: KitClient;
  readonly ledger: Ledger;
  readonly prefix: string;
  /** The accounts whose keys the kit holds. */
  readonly accounts: readonly AccountLabel[];
  /** `METHOD /path` templates the target serves (the list sweep only touches those). */
  readonly routes: ReadonlySet<string>;
}

type Item = Record<string, unknown>;

interface Undo {
  readonly method: 'DELETE' | 'PATCH';
  readonly path: string;
  readonly body?: unknown;
}

/** A kind the sweep can list: where, which field carries the kit's name, and what "live" means. */
interface ListedKind {
  readonly kind: string;
  readonly list: string;
  readonly query?: (prefix: string) => Record<string, string>;
  /** The field that carries the run prefix, if any. */
  readonly nameField?: string;
  readonly paginated?: boolean;
  readonly undoRoute: string;
  readonly undo: (id: number) => Undo;
  /** Still live (and not the key the sweep itself uses). */
  readonly live?: (item: Item) => boolean;
  /** Names the kit owns beyond the run prefix (the field pool). */
  readonly alsoOwned?: (name: string) => boolean;
}

const del = (base: string) => (id: number): Undo => ({ method: 'DELETE', path: `${base}/${id}` });

export const LISTED_KINDS: readonly ListedKind[] = [
  {
    kind: 'api-key',
    list: '/api-keys',
    nameField: 'name',
    paginated: true,
    undoRoute: 'DELETE /api-keys/{id}',
    undo: del('/api-keys'),
    live: (item) => item['revoked'] !== true && item['is_current'] !== true,
  },
  { kind: 'webhook-endpoint', list: '/webhooks/endpoints', nameField: 'name', undoRoute: 'DELETE /webhooks/endpoints/{id}', undo: del('/webhooks/endpoints') },
  {
    kind: 'contact',
    list: '/contacts',
    query: (prefix) => ({ name: prefix }),
    nameField: 'platform_user_id',
    paginated: true,
    undoRoute: 'DELETE /contacts/{id}',
    undo: del('/contacts'),
  },
  { kind: 'tag', list: '/tags', nameField: 'name', undoRoute: 'DELETE /tags/{id}', undo: del('/tags') },
  {
    kind: 'custom-field',
    list: '/custom-fields',
    nameField: 'field_key',
    undoRoute: 'PATCH /custom-fields/{id}',
    undo: (id) => ({ method: 'PATCH', path: `/custom-fields/${id}`, body: { archived: true } }),
    live: (item) => item['archived'] !== true,
    alsoOwned: (name) => name.startsWith(POOL_PREFIX),
  },
  {
    kind: 'invitation',
    list: '/team/invitations',
    nameField: 'email',
    undoRoute: 'DELETE /team/invitations/{id}',
    undo: del('/team/invitations'),
    live: (item) => item['status'] === undefined || item['status'] === 'pending',
  },
  { kind: 'team-member', list: '/team', undoRoute: 'DELETE /team/{id}', undo: del('/team') },
  { kind: 'blocked-user', list: '/blocked-users', nameField: 'ig_username', undoRoute: 'DELETE /blocked-users/{id}', undo: del('/blocked-users') },
  { kind: 'flow', list: '/flows', nameField: 'name', paginated: true, undoRoute: 'DELETE /flows/{id}', undo: del('/flows') },
];

/** Secrets first (4.1: keys; 2.27: endpoints carry signing secrets), then newest first. */
const FIRST: Readonly<Record<string, number>> = { 'api-key': 0, 'webhook-endpoint': 1 };

function undoOrder(entries: readonly LedgerEntry[]): LedgerEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((x, y) => (FIRST[x.entry.kind] ?? 2) - (FIRST[y.entry.kind] ?? 2) || y.index - x.index)
    .map(({ entry }) => entry);
}

function items(json: unknown): Item[] {
  const data = typeof json === 'object' && json !== null ? (json as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data.filter((item): item is Item => typeof item === 'object' && item !== null) : [];
}

function describe(error: unknown): string {
  return error instanceof NoAnswer || error instanceof Error ? error.message : String(error);
}

const MAX_PAGES = 20;

/** Lists a kind for one account (following cursors), or says why it could not. */
async function listAll(client: KitClient, spec: ListedKind, prefix: string, account: AccountLabel): Promise<Item[] | string> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: Record<string, string> = { ...spec.query?.(prefix), ...(spec.paginated ? { limit: '100' } : {}), ...(cursor ? { starting_after: cursor } : {}) };
    let response: KitResponse;
    try {
      response = await client.send({ path: spec.list, query, key: account, sweep: true });
    } catch (error) {
      return describe(error);
    }
    if (response.status !== 200) return `GET ${spec.list} answered HTTP ${response.status}`;
    out.push(...items(response.json));
    // A page that is not JSON (a web server's HTML) has no cursor: stop paging, do not crash.
    const body = (typeof response.json === 'object' && response.json !== null ? response.json : {}) as { has_more?: unknown; next_cursor?: unknown };
    if (!spec.paginated || body.has_more !== true || typeof body.next_cursor !== 'string') return out;
    cursor = body.next_cursor;
  }
  return out;
}

export async function sweep(options: SweepOptions): Promise<SweepResult> {
  const { client, ledger } = options;
  const result: SweepResult = { deleted: 0, failed: [], remaining: [], verified: true };
  const held = new Set(options.accounts);
  const original = [...ledger.list()];
  const ledgerIds = (kind: string, account: AccountLabel): Set<number> =>
    new Set(original.filter((entry) => entry.kind === kind && entry.account === account).map((entry) => entry.id));

  // 1. The ledger.
  const notes = new Map<string, string>();
  for (const entry of undoOrder(original)) {
    if (!held.has(entry.account)) {
      const why = `no key for account ${entry.account} (give --api-key-b)`;
      result.failed.push(`${entry.kind} ${entry.id}: ${why}`);
      notes.set(`${entry.kind}:${entry.account}:${entry.id}`, why);
      continue;
    }
    try {
      const response = await client.send({ method: entry.method, path: entry.path, body: entry.body, key: entry.account, sweep: true });
      if ((response.status >= 200 && response.status < 300) || response.status === 404) {
        ledger.forget(entry.kind, entry.id);
        result.deleted++;
      } else {
        result.failed.push(`${entry.method} ${entry.path}: HTTP ${response.status}`);
        notes.set(`${entry.kind}:${entry.account}:${entry.id}`, `${entry.method} ${entry.path}: HTTP ${response.status}`);
      }
    } catch (error) {
      result.failed.push(`${entry.method} ${entry.path}: ${describe(error)}`);
      notes.set(`${entry.kind}:${entry.account}:${entry.id}`, `${entry.method} ${entry.path}: ${describe(error)}`);
    }
  }
  for (const entry of original) {
    if (held.has(entry.account)) continue;
    result.verified = false;
    result.remaining.push({ kind: entry.kind, id: entry.id, account: entry.account, why: notes.get(`${entry.kind}:${entry.account}:${entry.id}`) ?? 'no key' });
  }

  const served = LISTED_KINDS.filter((spec) => options.routes.has(`GET ${spec.list}`) && options.routes.has(spec.undoRoute));
  const ours = (spec: ListedKind, account: AccountLabel, item: Item): boolean => {
    const id = item['id'];
    if (typeof id !== 'number') return false;
    if (spec.live && !spec.live(item)) return false;
    if (ledgerIds(spec.kind, account).has(id)) return true;
    const name = spec.nameField === undefined ? undefined : item[spec.nameField];
    return typeof name === 'string' && (name.startsWith(options.prefix) || (spec.alsoOwned?.(name) ?? false));
  };

  // 2. Whatever the lists show as still the run's.
  for (const account of options.accounts) {
    for (const spec of served) {
      const listed = await listAll(client, spec, options.prefix, account);
      if (typeof listed === 'string') continue;
      for (const item of listed) {
        if (!ours(spec, account, item)) continue;
        const id = item['id'] as number;
        const undo = spec.undo(id);
        try {
          const response = await client.send({ ...undo, key: account, sweep: true });
          if (response.status >= 200 && response.status < 300) {
            result.deleted++;
            ledger.forget(spec.kind, id);
          } else if (response.status !== 404) {
            result.failed.push(`${undo.method} ${undo.path}: HTTP ${response.status}`);
            notes.set(`${spec.kind}:${account}:${id}`, `${undo.method} ${undo.path}: HTTP ${response.status}`);
          }
        } catch (error) {
          result.failed.push(`${undo.method} ${undo.path}: ${describe(error)}`);
          notes.set(`${spec.kind}:${account}:${id}`, `${undo.method} ${undo.path}: ${describe(error)}`);
        }
      }
    }
  }

  // 3. Look again: what is still live is what remains.
  const listedKinds = new Set(served.map((spec) => spec.kind));
  for (const account of options.accounts) {
    for (const spec of served) {
      const listed = await listAll(client, spec, options.prefix, account);
      if (typeof listed === 'string') {
        result.verified = false;
        result.remaining.push({ kind: spec.kind, id: undefined, account, why: `${listed}: cannot tell which of the run's ${spec.kind}s are left` });
        result.failed.push(`${listed}: the sweep could not look for the run's ${spec.kind}s`);
        continue;
      }
      for (const item of listed) {
        if (!ours(spec, account, item)) continue;
        const id = item['id'] as number;
        const name = spec.nameField === undefined ? undefined : item[spec.nameField];
        result.remaining.push({
          kind: spec.kind,
          id,
          account,
          ...(typeof name === 'string' ? { name } : {}),
          why: notes.get(`${spec.kind}:${account}:${id}`) ?? 'still live after its undo was accepted',
        });
      }
    }
  }
  // Kinds the sweep cannot list: an entry whose undo failed is left; one that went through is
  // looked up by id where the target serves that GET.
  const matcher = new RouteMatcher([...options.routes].filter((route) => route.startsWith('GET ')));
  for (const entry of original) {
    if (listedKinds.has(entry.kind) || !held.has(entry.account)) continue;
    const note = notes.get(`${entry.kind}:${entry.account}:${entry.id}`);
    if (note !== undefined) {
      result.remaining.push({ kind: entry.kind, id: entry.id, account: entry.account, why: note });
      continue;
    }
    if (entry.method !== 'DELETE' || matcher.match('GET', entry.path) === undefined) continue;
    try {
      const response = await client.send({ path: entry.path, key: entry.account, sweep: true });
      if (response.status === 200) result.remaining.push({ kind: entry.kind, id: entry.id, account: entry.account, why: 'still readable after its DELETE was accepted' });
    } catch (error) {
      result.verified = false;
      result.remaining.push({ kind: entry.kind, id: entry.id, account: entry.account, why: describe(error) });
    }
  }
  return result;
}

/** One line per leftover, for the console report and the interrupted run's message. */
export function describeLeftover(leftover: Leftover): string {
  const what = leftover.id === undefined ? `${leftover.kind}s` : `${leftover.kind} ${leftover.id}${leftover.name ? ` (${leftover.name})` : ''}`;
  return `${what} [account ${leftover.account}]: ${leftover.why}`;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The complete command that finishes the sweep: every key option the run used (as environment
 * variables, never the keys themselves) and the ledger directory.
 */
export function cleanupCommand(baseUrl: string, runId: string, accounts: readonly AccountLabel[], ledgerDir: string | false | undefined): string {
  const parts = ['switchboard conformance', `--base-url ${shellQuote(baseUrl)}`, '--api-key "$SWITCHBOARD_API_KEY"'];
  if (accounts.includes('b')) parts.push('--api-key-b "$SWITCHBOARD_API_KEY_B"');
  parts.push(`--cleanup ${runId}`);
  if (typeof ledgerDir === 'string') parts.push(`--ledger-dir ${shellQuote(ledgerDir)}`);
  return parts.join(' ');
}
