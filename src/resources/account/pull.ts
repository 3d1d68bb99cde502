/** The account's fields read back (`seed pull`): id, name, plan and add-on (so plan gates behave the same), time zone, and placeholder keys. */
import type { PullApi, PullSpec } from '../../groups/pull.js';

interface AccountView { account: { id: number; business_name: string; plan: string; addon: string } }
interface KeyView { name: string; scope: string; revoked: boolean }

const SCOPE_ORDER = ['full', 'admin', 'write', 'read'];

async function account(api: PullApi): Promise<AccountView['account']> {
  return (await api.get<AccountView>('/account')).account;
}

/** The account's live keys by name and scope, each with new key material; one key per scope when the list is not readable. */
async function apiKeys(api: PullApi): Promise<unknown> {
  let keys: KeyView[];
  try {
    keys = (await api.all<KeyView>('/api-keys')).filter((key) => !key.revoked).reverse();
  } catch {
    keys = [];
  }
  if (keys.length === 0) keys = SCOPE_ORDER.map((scope) => ({ name: `Pulled ${scope} key`, scope, revoked: false }));
  return keys.slice(0, 10).map((key) => ({ name: key.name, scope: key.scope, key: api.newKey(key.scope) }));
}

export const accountPull: PullSpec = {
  sections: [
    { field: 'id', value: async (api) => (await account(api)).id },
    { field: 'business_name', value: async (api) => (await account(api)).business_name },
    { field: 'plan', value: async (api) => (await account(api)).plan },
    { field: 'addon', value: async (api) => (await account(api)).addon },
    // The one GET that shows the account's time zone is the AI configuration's booking timing (2.17).
    { field: 'timezone', value: async (api) => (await api.get<{ booking: { timing: { timezone: string } } }>('/ai/config')).booking.timing.timezone },
    { field: 'api_keys', value: apiKeys },
  ],
};
