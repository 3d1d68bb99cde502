import { SCOPES, covers } from '../spec/routes.js';
export class KeyRing {
    redactor;
    keys = new Map();
    mintFailures = new Map();
    /** Ids of minted keys the run uses; probes must never revoke them. */
    heldIds = new Set();
    constructor(redactor) {
        this.redactor = redactor;
    }
    add(label, value, account, scope, placeholder) {
        this.keys.set(label, { value, account, scope });
        this.redactor.add(value, placeholder);
        if (scope && label === account)
            this.keys.set(`${account}:${scope}`, { value, account, scope });
    }
    resolve(label) {
        const key = this.keys.get(label);
        return key ? { value: key.value, account: key.account } : undefined;
    }
    has(label) {
        return this.keys.has(label);
    }
    scopeOf(label) {
        return this.keys.get(label)?.scope;
    }
    value(label) {
        return this.keys.get(label)?.value;
    }
    /** Why a scope key could not be had, for skip reasons. */
    whyMissing(label) {
        return this.mintFailures.get(label) ?? 'needs_key_of_scope';
    }
    /**
     * Makes `a:<scope>` available, minting it when needed and allowed. Returns false when the run
     * cannot have such a key (the reason is kept for the skip).
     */
    async ensureScope(scope, client, prefix, canWrite) {
        const label = `a:${scope}`;
        if (this.keys.has(label))
            return true;
        if (this.mintFailures.has(label))
            return false;
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
        const data = typeof response.json === 'object' && response.json !== null ? response.json.data : undefined;
        // 200 is accepted here (and judged by keys.create), so one wrong status does not starve
        // every check that needs a key of another scope.
        if ((response.status !== 201 && response.status !== 200) || typeof data?.api_key !== 'string') {
            const code = response.json?.error?.code;
            this.mintFailures.set(label, typeof code === 'string' ? `cannot_mint_key:${code}` : `cannot_mint_key:http_${response.status}`);
            return false;
        }
        this.add(label, data.api_key, 'a', scope, `<minted ${scope} key>`);
        const id = data.id;
        if (typeof id === 'number')
            this.heldIds.add(id);
        return true;
    }
    async ensureAllScopes(client, prefix, canWrite) {
        const held = [];
        for (const scope of SCOPES)
            if (await this.ensureScope(scope, client, prefix, canWrite))
                held.push(scope);
        return held;
    }
}
//# sourceMappingURL=keys.js.map