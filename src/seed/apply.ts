/** Loads a validated seed into an empty simulator, inside one transaction. */
import type { App } from '../resources/app.js';
import type { SeedFileData } from './schema.js';

export function applySeed(app: App, seed: SeedFileData): void {
  app.store.transaction(() => {
    for (const account of seed.accounts) {
      app.models.account.addAccount({
        id: account.id,
        business_name: account.business_name,
        plan: account.plan,
        addon_active: account.addon === 'active',
        timezone: account.timezone,
      });
      for (const key of account.api_keys) app.models.account.storeKey(account.id, key.name, key.scope, key.key);
    }
  });
}
