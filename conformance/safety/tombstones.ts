/**
 * Tombstone budgeting. Two things the kit creates can never be removed through the API: custom
 * fields (4.3: no delete, only archive) and API keys (revoked keys stay listed). Left to itself,
 * every run would add archived fields and revoked keys to the target for good (hundreds after a
 * few dozen runs). So the kit keeps a small, fixed pool of custom fields it reuses across runs,
 * named `sbc_pool_<name>` (unarchived when needed, archived again after), and reuses the revoked
 * keys of earlier runs as targets of the checks that only need a key id. The report counts what a
 * run added and what it reused.
 */
import type { KitResponse, SendOptions } from '../http/client.js';
import { fail, readData, readList } from '../runner/expect.js';
import type { AccountLabel, Ledger } from './ledger.js';

/** Custom-field keys of the pool start with this; run ids (`sbc_` + 8 of a-z0-9) never do. */
export const POOL_PREFIX = 'sbc_pool_';

/** What a kit-made name looks like, from any run: the run prefix or the pool prefix. */
export const KIT_NAME = /^(sbc_[a-z0-9]{8}|sbc_pool_)/;

export const POOL_FIELD_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type PoolFieldType = (typeof POOL_FIELD_TYPES)[number];

export function poolFieldKey(name: string): string {
  return `${POOL_PREFIX}${name}`;
}

export interface PoolDefinition {
  readonly id: number;
  readonly fieldKey: string;
  readonly type: string;
  readonly archived: boolean;
}

export interface PooledField {
  readonly id: number;
  readonly fieldKey: string;
  readonly type: string;
}

type Send = (options: SendOptions) => Promise<KitResponse>;

const ARCHIVE = { archived: true } as const;

/** Counts what a run leaves for good: keys it minted (revoked at the end) and fields it created. */
export class TombstoneCount {
  revokedKeys = 0;
  archivedFields = 0;
  reused = 0;

  /** Watches every response: a 201 from POST /api-keys or POST /custom-fields adds a tombstone. */
  observe(response: KitResponse, relativePath: string): void {
    if (response.exchange.method !== 'POST' || response.status !== 201) return;
    if (relativePath === '/api-keys') this.revokedKeys++;
    if (relativePath === '/custom-fields') this.archivedFields++;
  }
}

export class FieldPool {
  constructor(
    private readonly send: Send,
    private readonly ledger: Ledger,
    private readonly count: TombstoneCount,
  ) {}

  /** Every custom-field definition of the account, archived included, by key. */
  async definitions(key: string): Promise<Map<string, PoolDefinition>> {
    const response = await this.send({ path: '/custom-fields', key, query: { include_archived: 'true' } });
    if (response.status !== 200) fail(`GET /custom-fields?include_archived=true: expected HTTP 200, got ${response.status}`, response);
    const out = new Map<string, PoolDefinition>();
    for (const item of readList(response, 'GET /custom-fields').data) {
      const { id, field_key: fieldKey, type, archived } = (item ?? {}) as Record<string, unknown>;
      if (typeof id === 'number' && typeof fieldKey === 'string') out.set(fieldKey, { id, fieldKey, type: String(type), archived: archived === true });
    }
    return out;
  }

  /** Active definitions that are not the pool's (the 15-active cap counts them too). */
  async othersActive(key: string): Promise<number> {
    return [...(await this.definitions(key)).values()].filter((d) => !d.archived && !d.fieldKey.startsWith(POOL_PREFIX)).length;
  }

  /**
   * An active pool field `sbc_pool_<name>`: an archived one of an earlier run is unarchived (no
   * new tombstone), else it is created once (with type `name` when that is a type). `cap` when the
   * account already has 15 active fields.
   */
  async acquire(key: string, name: string, label: string, account: AccountLabel = 'a'): Promise<PooledField | 'cap'> {
    const fieldKey = poolFieldKey(name);
    const existing = (await this.definitions(key)).get(fieldKey);
    if (existing) {
      // The pool's fields are the kit's by their name: owned (in the ledger) before they change.
      this.markActive(existing.id, account, 0);
      if (existing.archived) {
        const response = await this.send({ method: 'PATCH', path: `/custom-fields/${existing.id}`, key, body: { archived: false } });
        if (response.status !== 200) this.markArchived(existing.id);
        if (response.status === 400) return 'cap';
        if (response.status !== 200) fail(`PATCH /custom-fields/${existing.id} {archived: false}: expected HTTP 200, got ${response.status}`, response);
        this.count.reused++;
      }
      return { id: existing.id, fieldKey, type: existing.type };
    }
    const type = (POOL_FIELD_TYPES as readonly string[]).includes(name) ? name : 'text';
    const response = await this.send({ method: 'POST', path: '/custom-fields', key, body: { field_key: fieldKey, label, type } });
    if (response.status === 400 || response.status === 403) return 'cap';
    if (response.status !== 201 && response.status !== 200) fail(`POST /custom-fields ${fieldKey}: expected HTTP 201, got ${response.status}`, response);
    const id = readData(response, 'POST /custom-fields')['id'];
    if (typeof id !== 'number') fail('POST /custom-fields: data.id must be an integer', response);
    this.markActive(id, account, response.exchange.seq);
    return { id, fieldKey, type };
  }

  /** Archives a pool field again (the ledger forgets it once done). */
  async release(key: string, id: number): Promise<void> {
    const response = await this.send({ method: 'PATCH', path: `/custom-fields/${id}`, key, body: ARCHIVE });
    if (response.status === 200) this.markArchived(id);
  }

  /** The field is active on the kit's account: until archived again, the sweep archives it. */
  markActive(id: number, account: AccountLabel, seq: number): void {
    this.ledger.add({ kind: 'custom-field', id, account, method: 'PATCH', path: `/custom-fields/${id}`, body: ARCHIVE, seq });
  }

  markArchived(id: number): void {
    this.ledger.forget('custom-field', id);
  }

  /** Takes a pool field into the ledger before the caller changes it (the model's sequences). */
  own(id: number, account: AccountLabel = 'a'): void {
    this.markActive(id, account, 0);
  }

  /** An unarchive the caller sent itself (the model's sequences) reused a tombstone. */
  noteReused(): void {
    this.count.reused++;
  }
}
