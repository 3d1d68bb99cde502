/**
 * Accounts and API keys (2.28, 2.29, 4.1, section 5). Keys are stored as SHA-256 digests only;
 * the plaintext exists once, in the create response. A key may mint keys up to its own reach.
 */
import { ApiError, notFound } from '../../core/errors.js';
import { constantTimeEqual, sha256Hex } from '../../core/hash.js';
import { randomToken } from '../../core/random.js';
import { scopeCovers } from '../../core/types.js';
export const MAX_ACTIVE_KEYS = 10;
export const KEY_PREFIX = 'sbx_';
const PREVIEW_LENGTH = 10;
export function createAccountModel(core) {
    const { store, clock } = core;
    const accounts = store.define('accounts');
    const keys = store.define('api_keys', {
        hash: { unique: true, key: (key) => key.key_hash },
    });
    function present(key, currentKeyId) {
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
    function activeCount(accountId) {
        let count = 0;
        for (const key of keys.ofAccount(accountId))
            if (!key.revoked)
                count++;
        return count;
    }
    /** Stores a key by digest. Used by seeding (fixed plaintext) and minting (random plaintext). */
    function storeKey(accountId, name, scope, plaintext) {
        const key_hash = sha256Hex(plaintext);
        if (keys.findUnique('hash', key_hash))
            throw new ApiError('conflict', 'That API key already exists.');
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
        accounts,
        keys,
        present,
        storeKey,
        addAccount(record) {
            store.ensureSequenceAtLeast('account', record.id);
            return accounts.insert({ ...record, account_id: record.id, created_at: clock.iso() });
        },
        getAccount(accountId) {
            const account = accounts.get(accountId);
            if (!account)
                throw notFound('Account');
            return account;
        },
        /**
         * Finds the key by the digest of what was presented, then confirms it with a constant-time
         * comparison. The index is keyed by a SHA-256 digest the caller cannot steer, so the lookup's
         * timing says nothing about stored keys.
         */
        authenticate(presented) {
            const digest = sha256Hex(presented);
            const key = keys.findUnique('hash', digest);
            if (!key || !constantTimeEqual(key.key_hash, digest) || key.revoked)
                return undefined;
            const account = accounts.get(key.account_id);
            if (!account)
                return undefined;
            return { accountId: account.id, keyId: key.id, scope: key.scope, addonActive: account.addon_active };
        },
        /** Keeps `last_used_at` (seconds precision, so at most one write per key per second). */
        markUsed(keyId) {
            const key = keys.get(keyId);
            const now = clock.iso();
            if (key && key.last_used_at !== now)
                store.transaction(() => keys.update(keyId, { last_used_at: now }));
        },
        mint(accountId, callerScope, name, scope) {
            if (!scopeCovers(callerScope, scope)) {
                throw new ApiError('insufficient_scope', `A ${callerScope} key cannot mint a ${scope} key.`, { param: 'scope' });
            }
            if (activeCount(accountId) >= MAX_ACTIVE_KEYS) {
                throw new ApiError('plan_limit_reached', `An account can have at most ${MAX_ACTIVE_KEYS} active API keys.`);
            }
            const plaintext = `${KEY_PREFIX}${randomToken(40)}`;
            return { record: storeKey(accountId, name, scope, plaintext), plaintext };
        },
        revoke(accountId, callerKeyId, keyId) {
            const key = keys.getOwned(accountId, keyId);
            if (!key)
                throw notFound('API key');
            if (key.id === callerKeyId)
                throw new ApiError('cannot_revoke_self', 'A key cannot revoke itself.');
            if (key.revoked)
                return key;
            return keys.update(key.id, { revoked: true, revoked_at: clock.iso() });
        },
    };
}
//# sourceMappingURL=model.js.map