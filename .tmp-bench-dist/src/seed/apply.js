import { applyContactsSeed } from '../resources/contacts/seed.js';
import { applyMessagingSeed } from '../resources/conversations/seed.js';
import { SeedError, toJsonPath } from './parse.js';
import { ApiError } from '../core/errors.js';
export function applySeed(app, seed) {
    app.store.transaction(() => {
        seed.accounts.forEach((account, index) => {
            app.models.account.addAccount({
                id: account.id,
                business_name: account.business_name,
                plan: account.plan,
                addon_active: account.addon === 'active',
                timezone: account.timezone,
            });
            for (const key of account.api_keys)
                app.models.account.storeKey(account.id, key.name, key.scope, key.key);
            applyContactsSeed(app, account.id, account, atPath(['accounts', index]));
            applyMessagingSeed(app, account.id, account, atPath(['accounts', index]));
        });
    });
}
/** A seed that parses can still break a rule only the models know; name where, like parse errors. */
function atPath(prefix) {
    return (path, work) => {
        try {
            work();
        }
        catch (error) {
            const where = toJsonPath([...prefix, ...path]);
            if (error instanceof ApiError && error.param !== undefined) {
                throw new SeedError(`${where}.${error.param}`, error.message);
            }
            throw new SeedError(where, error instanceof Error ? error.message : String(error));
        }
    };
}
//# sourceMappingURL=apply.js.map