/**
 * Accounts and API keys (2.28, 2.29, 4.1, section 5). Keys are stored as SHA-256 digests only;
 * the plaintext exists once, in the create response. A key may mint keys up to its own reach.
 */
import { ApiError, notFound } from '../../core/errors.js';
import { constantTimeEqual, sha256Hex } from '../../core/hash.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import { randomToken } from '../../core/random.js';
import type { AuthenticatedKey } from '../../core/auth.js';
import { scopeCovers, type Plan, type Scope } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { CoreServices } from '../../groups/services.js';
import { z } from 'zod';
import { NullableTimestamp, Plan as PlanSchema, Scope as ScopeSchema, storedRecord, Timestamp } from '../shared/schemas.js';
import type { AccountSummaryData, ApiKeyData, WebhookEndpointSummaryData } from './schemas.js';

export const MAX_ACTIVE_KEYS = 10;
export const KEY_PREFIX = 'sbx_';
const PREVIEW_LENGTH = 10;

/** "a read key", "an admin key": the scope with its article, capitalised as `article` is. */
const withArticle = (scope: Scope, article: 'A' | 'a'): string => `${/^[aeiou]/.test(scope) ? `${article}n` : article} ${scope}`;

export interface AccountRecord extends Entity {
  readonly business_name: string;
  readonly plan: Plan;
  readonly addon_active: boolean;
  readonly timezone: string;
  readonly created_at: string;
}

export interface ApiKeyRecord extends Entity {
  readonly name: string;
  readonly scope: Scope;
  readonly preview: string;
  readonly key_hash: string;
  readonly revoked: boolean;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
}

const AccountRecordSchema = storedRecord({
  business_name: z.string().min(1).max(200),
  plan: PlanSchema,
  addon_active: z.boolean(),
  timezone: z.string().min(1),
  created_at: Timestamp,
});

const ApiKeyRecordSchema = storedRecord({
  name: z.string().min(1).max(100),
  scope: ScopeSchema,
  preview: z.string().max(20),
  key_hash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 digest in hex'),
  revoked: z.boolean(),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

export const accountHooks = {
  /**
   * The account summary shows webhook endpoints (2.29), which the webhooks group owns: it answers
   * here with the account's endpoints, so this group never imports it.
   */
  summaryEndpoints: hook<[accountId: number], readonly WebhookEndpointSummaryData[]>(),
};

/** Who is calling, as the account summary shows it. */
export interface CallingKey {
  readonly accountId: number;
  readonly keyId: number;
  readonly scope: Scope;
}

export function createAccountModel(core: CoreServices, hooks: HooksOf<typeof accountHooks>) {
  const { store, clock } = core;
  const accounts = store.define<AccountRecord>('accounts', {}, { schema: AccountRecordSchema, sequence: 'account' });
  const keys = store.define<ApiKeyRecord>('api_keys', { hash: { unique: true, key: (key) => key.key_hash } }, { schema: ApiKeyRecordSchema, sequence: 'api_key' });

  function present(key: ApiKeyRecord, currentKeyId: number): ApiKeyData {
    return {
      id: key.id,
      name: key.name,
      preview: key.preview,
      scope: key.scope,
      is_current: key.id === currentKeyId,
      revoked: key.revoked,
      created_at: key.created_at,
      last_used_at: key.last_used_at,
      revoked_at: key.revoked_at,
    };
  }

  function activeCount(accountId: number): number {
    let count = 0;
    for (const key of keys.ofAccount(accountId)) if (!key.revoked) count++;
    return count;
  }

  /** Stores a key by digest. Used by seeding (fixed plaintext) and minting (random plaintext). */
  function storeKey(accountId: number, name: string, scope: Scope, plaintext: string): ApiKeyRecord {
    const key_hash = sha256Hex(plaintext);
    if (keys.findUnique('hash', key_hash)) throw new ApiError('conflict', 'That API key already exists.');
    return keys.insert({
      id: store.nextId('api_key'),
      account_id: accountId,
      name,
      scope,
      preview: plaintext.slice(0, PREVIEW_LENGTH),
      key_hash,
      revoked: false,
      created_at: clock.iso(),
      last_used_at: null,
      revoked_at: null,
    });
  }

  return {
    present,
    storeKey,

    addAccount(record: Omit<AccountRecord, 'account_id' | 'created_at'>): AccountRecord {
      store.ensureSequenceAtLeast('account', record.id);
      return accounts.insert({ ...record, account_id: record.id, created_at: clock.iso() });
    },

    exists: (accountId: number): boolean => accounts.get(accountId) !== undefined,

    getAccount(accountId: number): AccountRecord {
      const account = accounts.get(accountId);
      if (!account) throw notFound('Account');
      return account;
    },

    /** GET /account: plan, add-on, the calling key and the webhook endpoints. */
    summary(caller: CallingKey): AccountSummaryData {
      const account = accounts.get(caller.accountId);
      if (!account) throw notFound('Account');
      return {
        account: {
          id: account.id,
          business_name: account.business_name,
          plan: account.plan,
          addon: account.addon_active ? 'active' : 'inactive',
        },
        api_key: { id: caller.keyId, scope: caller.scope },
        webhooks: { endpoints: hooks.summaryEndpoints.run(caller.accountId).flat() },
      };
    },

    /** Ascending ids of the account's keys, revoked ones included (the route pages them newest first). */
    keyIds: (accountId: number): SortedIdView => keys.idsOfAccount(accountId),
    keyById: (id: number): ApiKeyRecord | undefined => keys.get(id),

    /**
     * Finds the key by the digest of what was presented, then confirms it with a constant-time
     * comparison. The index is keyed by a SHA-256 digest the caller cannot steer, so the lookup's
     * timing says nothing about stored keys.
     */
    authenticate(presented: string): AuthenticatedKey | undefined {
      const digest = sha256Hex(presented);
      const key = keys.findUnique('hash', digest);
      if (!key || !constantTimeEqual(key.key_hash, digest) || key.revoked) return undefined;
      const account = accounts.get(key.account_id);
      if (!account) return undefined;
      return { accountId: account.id, keyId: key.id, scope: key.scope, addonActive: account.addon_active };
    },

    /**
     * Changes whenever anything authentication reads may have changed (a key minted, revoked or
     * touched, an account's add-on): a request whose body took time re-checks its key only then.
     */
    authVersion: (): number => keys.version + accounts.version,

    /** Keeps `last_used_at` (seconds precision, so at most one write per key per second). */
    markUsed(keyId: number): void {
      const key = keys.get(keyId);
      const now = clock.iso();
      if (key && key.last_used_at !== now) store.transaction(() => keys.update(keyId, { last_used_at: now }));
    },

    mint(accountId: number, callerScope: Scope, name: string, scope: Scope): { record: ApiKeyRecord; plaintext: string } {
      if (!scopeCovers(callerScope, scope)) {
        throw new ApiError('insufficient_scope', `${withArticle(callerScope, 'A')} key cannot mint ${withArticle(scope, 'a')} key.`, { param: 'scope' });
      }
      if (activeCount(accountId) >= MAX_ACTIVE_KEYS) {
        throw new ApiError('plan_limit_reached', `An account can have at most ${MAX_ACTIVE_KEYS} active API keys.`);
      }
      const plaintext = `${KEY_PREFIX}${randomToken(40)}`;
      return { record: storeKey(accountId, name, scope, plaintext), plaintext };
    },

    /**
     * Revocation has the reach of minting (4.1 "up to its own reach"): an `admin` key cannot
     * revoke the `full` key it could not mint again (full keys come from the portal).
     */
    revoke(accountId: number, caller: { keyId: number; scope: Scope }, keyId: number): ApiKeyRecord {
      const key = keys.getOwned(accountId, keyId);
      if (!key) throw notFound('API key');
      if (key.id === caller.keyId) throw new ApiError('cannot_revoke_self', 'A key cannot revoke itself.');
      if (!scopeCovers(caller.scope, key.scope)) {
        throw new ApiError('insufficient_scope', `${withArticle(caller.scope, 'A')} key cannot revoke ${withArticle(key.scope, 'a')} key.`, { param: 'id' });
      }
      if (key.revoked) return key;
      return keys.update(key.id, { revoked: true, revoked_at: clock.iso() });
    },
  };
}

export type AccountModel = ReturnType<typeof createAccountModel>;
