/** An id the kit uses to mean "certainly absent"; ids start at 1. */
export const ABSENT_ID = 0;
export class ProfileRefusal extends Error {
    method;
    path;
    profile;
    constructor(method, path, profile) {
        super(`the ${profile} profile does not send ${method} ${path}`);
        this.method = method;
        this.path = path;
        this.profile = profile;
        this.name = 'ProfileRefusal';
    }
}
const CHANGING = new Set(['PATCH', 'DELETE', 'PUT']);
/**
 * `harmless` marks a request that cannot change state even if the target accepts it: a method
 * the spec does not define on that path (a 405 probe) or an empty PATCH. `safe` lets it through.
 */
export function guardRequest(profile, ledger, method, path, harmless = false) {
    const upper = method.toUpperCase();
    if (upper === 'GET' || upper === 'HEAD')
        return;
    if (profile === 'read-only')
        throw new ProfileRefusal(upper, path, profile);
    if (profile === 'full')
        return;
    const segments = path.split('?')[0].split('/').filter((s) => s !== '');
    const ids = segments.filter((s) => /^\d+$/.test(s)).map(Number);
    // A POST to a collection creates (allowed: the kit names it with the run prefix). A PATCH or
    // DELETE without an id changes account-wide state (AI config, channel switches): refused.
    // Anything addressed to an id must only touch what the kit owns.
    if (ids.length === 0) {
        if (CHANGING.has(upper) && !harmless)
            throw new ProfileRefusal(upper, path, profile);
        return;
    }
    if (harmless)
        return;
    for (const id of ids)
        if (id !== ABSENT_ID && !ledger.owns(id))
            throw new ProfileRefusal(upper, path, profile);
}
//# sourceMappingURL=guard.js.map