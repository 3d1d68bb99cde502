/**
 * The keys a run holds, by label: `a` (given), `b` (`--api-key-b`), `inactive`, and `a:<scope>`
 * for each scope. A scope the given key does not have is minted with POST /api-keys when the given
 * key can (4.1: `full` mints any scope, `admin` mints read/write/admin); the ledger revokes minted
 * keys at the end. Plaintexts go to the redactor the moment they are known.
 *
 * The scope `GET /account` states for a key is a claim, not a fact: when the claim says the key
 * cannot mint but a mint succeeds, the kit believes what it saw (the key is at least admin) and
 * keeps the discrepancy for the account-summary check (2.29) to report.
 */
import type { KitClient, ResolvedKey } from '../http/client.js';
import type { Redactor } from '../http/redact.js';
import { SCOPES, covers, type Scope } from '../spec/routes.js';

interface HeldKey {
  readonly value: string;
  readonly account: string;
  readonly scope: Scope | undefined;
}

/** What GET /account claimed for the given key, against what its requests showed. */
export interface ScopeMismatch {
  readonly claimed: Scope | undefined;
  readonly observed: Scope;
  readonly evidence: string;
}

const RANK: Record<Scope, number> = { read: 0, write: 1, admin: 2, full: 3 };

export class KeyRing {
  private readonly keys = new Map<string, HeldKey>();
  private readonly mintFailures = new Map<string, string>();
  /** Ids of minted keys the run uses; probes must never revoke them. */
  readonly heldIds = new Set<number>();
  /** Ids of minted keys by label, so the run can revoke one and forget it. */
  readonly idOf = new Map<string, number>();
  /** Set when the given key did more than GET /account said it could. */
  mismatch: ScopeMismatch | undefined;

  constructor(private readonly redactor: Redactor) {}

  add(label: string, value: string, account: string, scope: Scope | undefined, placeholder: string): void {
    this.keys.set(label, { value, account, scope });
    this.redactor.add(value, placeholder);
    if (scope && label === account) this.keys.set(`${account}:${scope}`, { value, account, scope });
  }

  /** Drops a label (a minted key the run revoked). */
  remove(label: string): void {
    this.keys.delete(label);
    const id = this.idOf.get(label);
    if (id !== undefined) this.heldIds.delete(id);
    this.idOf.delete(label);
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

  /** Labels of the keys the run minted itself (`a:<scope>` other than the given key). */
  minted(): string[] {
    return [...this.idOf.keys()];
  }

  /** Why a scope key could not be had, for skip reasons. */
  whyMissing(label: string): string {
    return this.mintFailures.get(label) ?? 'needs_key_of_scope';
  }

  /** The given key showed at least `scope` (it did something only such a key can). */
  private observe(scope: Scope, evidence: string): void {
    const held = this.keys.get('a');
    if (!held) return;
    if (held.scope !== undefined && RANK[held.scope] >= RANK[scope]) return;
    this.mismatch = { claimed: this.mismatch?.claimed ?? held.scope, observed: scope, evidence };
    // The given key no longer stands for its claimed scope in the scope matrix: a key of that
    // scope is minted when needed.
    if (held.scope !== undefined && this.keys.get(`a:${held.scope}`)?.value === held.value) this.keys.delete(`a:${held.scope}`);
    this.keys.set('a', { ...held, scope });
  }

  /**
   * Makes `a:<scope>` available, minting it when needed and allowed. Returns false when the run
   * cannot have such a key (the reason is kept for the skip). A claim that the given key cannot
   * mint is tried once rather than believed.
   */
  async ensureScope(scope: Scope, client: KitClient, prefix: string, canWrite: boolean): Promise<boolean> {
    const label = `a:${scope}`;
    if (this.keys.has(label)) return true;
    if (this.mintFailures.has(label)) return false;
    const own = this.scopeOf('a');
    // 4.1: admin mints read, write and admin; only full mints full. A claim at or above admin is
    // taken at its word for what it cannot do (asking would be the reach check's probe).
    if (own !== undefined && covers(own, 'admin') && !covers(own, scope)) {
      this.mintFailures.set(label, 'needs_key_of_scope');
      return false;
    }
    if (!canWrite) {
      this.mintFailures.set(label, 'profile');
      return false;
    }
    const response = await client.send({ method: 'POST', path: '/api-keys', body: { name: `${prefix} ${scope} key`, scope } });
    const data = typeof response.json === 'object' && response.json !== null ? (response.json as { data?: { api_key?: unknown } }).data : undefined;
    // Any 2xx with a plaintext is a key (the create check judges the status), so one wrong
    // status does not starve every check that needs a key of another scope.
    if (response.status < 200 || response.status > 299 || typeof data?.api_key !== 'string') {
      const code = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
      const reason = typeof code === 'string' ? `cannot_mint_key:${code}` : `cannot_mint_key:http_${response.status}`;
      // A refusal for scope confirms what GET /account claimed: no other scope will mint either.
      if (code === 'insufficient_scope' && (own === undefined || !covers(own, 'admin'))) {
        for (const other of SCOPES) if (!this.keys.has(`a:${other}`)) this.mintFailures.set(`a:${other}`, 'needs_key_of_scope');
      }
      this.mintFailures.set(label, reason);
      return false;
    }
    this.observe(RANK[scope] > RANK.admin ? scope : 'admin', `it minted a ${scope} key (POST /api-keys answered HTTP ${response.status})`);
    this.add(label, data.api_key, 'a', scope, `<minted ${scope} key>`);
    const id = (data as { id?: unknown }).id;
    if (typeof id === 'number') {
      this.heldIds.add(id);
      this.idOf.set(label, id);
    }
    return true;
  }

  async ensureAllScopes(client: KitClient, prefix: string, canWrite: boolean): Promise<Scope[]> {
    const held: Scope[] = [];
    for (const scope of SCOPES) if (await this.ensureScope(scope, client, prefix, canWrite)) held.push(scope);
    return held;
  }
}
