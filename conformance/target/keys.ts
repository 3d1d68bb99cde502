/**
 * The keys a run holds, by label: `a` (given), `b` (`--api-key-b`), `inactive`, and `a:<scope>`
 * for each scope. A scope the given key does not have is minted with POST /api-keys when the given
 * key can (4.1: `full` mints any scope, `admin` mints read/write/admin); the ledger revokes minted
 * keys at the end. Plaintexts go to the redactor the moment they are known.
 */
import type { KitClient, ResolvedKey } from '../http/client.js';
import type { Redactor } from '../http/redact.js';
import { SCOPES, covers, type Scope } from '../spec/routes.js';

interface HeldKey {
  readonly value: string;
  readonly account: string;
  readonly scope: Scope | undefined;
}

export class KeyRing {
  private readonly keys = new Map<string, HeldKey>();
  private readonly mintFailures = new Map<string, string>();
  /** Ids of minted keys the run uses; probes must never revoke them. */
  readonly heldIds = new Set<number>();

  constructor(private readonly redactor: Redactor) {}

  add(label: string, value: string, account: string, scope: Scope | undefined, placeholder: string): void {
    this.keys.set(label, { value, account, scope });
    this.redactor.add(value, placeholder);
    if (scope && label === account) this.keys.set(`${account}:${scope}`, { value, account, scope });
  }

  resolve(label: string): ResolvedKey | undefined {
    const key = this.keys.get(label);
    return key ? { value: key.value, account: key.account } : undefined;
  }

  has(label: string): boolean {
    return this.keys.has(label);
  }

  scopeOf(label: string): Scope | undefined {
    return this.keys.get(label)?.scope;
  }

  value(label: string): string | undefined {
    return this.keys.get(label)?.value;
  }

  /** Why a scope key could not be had, for skip reasons. */
  whyMissing(label: string): string {
    return this.mintFailures.get(label) ?? 'needs_key_of_scope';
  }

  /**
   * Makes `a:<scope>` available, minting it when needed and allowed. Returns false when the run
   * cannot have such a key (the reason is kept for the skip).
   */
  async ensureScope(scope: Scope, client: KitClient, prefix: string, canWrite: boolean): Promise<boolean> {
    const label = `a:${scope}`;
    if (this.keys.has(label)) return true;
    if (this.mintFailures.has(label)) return false;
    const own = this.scopeOf('a');
    if (!own || !covers(own, 'admin') || !covers(own, scope)) {
      this.mintFailures.set(label, 'needs_key_of_scope');
      return false;
    }
    if (!canWrite) {
      this.mintFailures.set(label, 'profile');
      return false;
    }
    const response = await client.send({ method: 'POST', path: '/api-keys', body: { name: `${prefix} ${scope} key`, scope } });
    const data = typeof response.json === 'object' && response.json !== null ? (response.json as { data?: { api_key?: unknown } }).data : undefined;
    // 200 is accepted here (and judged by keys.create), so one wrong status does not starve
    // every check that needs a key of another scope.
    if ((response.status !== 201 && response.status !== 200) || typeof data?.api_key !== 'string') {
      const code = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
      this.mintFailures.set(label, typeof code === 'string' ? `cannot_mint_key:${code}` : `cannot_mint_key:http_${response.status}`);
      return false;
    }
    this.add(label, data.api_key, 'a', scope, `<minted ${scope} key>`);
    const id = (data as { id?: unknown }).id;
    if (typeof id === 'number') this.heldIds.add(id);
    return true;
  }

  async ensureAllScopes(client: KitClient, prefix: string, canWrite: boolean): Promise<Scope[]> {
    const held: Scope[] = [];
    for (const scope of SCOPES) if (await this.ensureScope(scope, client, prefix, canWrite)) held.push(scope);
    return held;
  }
}
