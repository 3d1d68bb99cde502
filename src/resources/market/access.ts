/**
 * Who may use market intelligence (4.16), as sandbox state per account: how the Meta channel
 * group is connected (`full`: the full-permission login; `basic`: messaging only; `none`), whether
 * that connection carries the insights permission, the account's own handle, when it last
 * refreshed, and which handles its lookups see refused (a sandbox fault).
 *
 * An account with no row is not connected: 403 `feature_unavailable` until a seed or the sandbox
 * (`POST /_sandbox/market/connection`) connects it. Instagram must also be connected in the
 * channels group: disconnecting it there closes market intelligence too.
 */
import { ApiError } from '../../core/errors.js';
import type { Entity } from '../../store/collection.js';
import type { Store } from '../../store/store.js';
import type { AccountModel } from '../account/model.js';
import type { ChannelsModel } from '../channels/model.js';
import { MarketSettingsRecordSchema } from './records.js';
import type { LoginMode } from './schemas.js';

export interface MarketSettingsRecord extends Entity {
  readonly login: LoginMode;
  readonly insights_permission: boolean;
  readonly own_username: string;
  readonly last_refresh_ms: number | null;
  readonly refused_lookups: readonly string[];
}

export interface MarketNeeds {
  readonly account: AccountModel;
  readonly channels: ChannelsModel;
}

export type MarketSettings = Omit<MarketSettingsRecord, 'id' | 'account_id'>;

/** `Atlas Outfitters` -> `atlas.outfitters`: a handle for an account whose seed named none. */
export function handleFor(businessName: string): string {
  const handle = businessName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 30)
    .replace(/\.+$/, '');
  return handle === '' ? 'my.account' : handle;
}

export function createAccess(store: Store, needs: MarketNeeds) {
  const settings = store.define<MarketSettingsRecord>(
    'market_settings',
    { account: { unique: true, key: (row) => String(row.account_id) } },
    { schema: MarketSettingsRecordSchema, sequence: 'market_settings' },
  );

  function stored(accountId: number): MarketSettingsRecord | undefined {
    return settings.findUnique('account', String(accountId));
  }

  function current(accountId: number): MarketSettings {
    const row = stored(accountId);
    if (row) return row;
    return {
      login: 'none',
      insights_permission: false,
      own_username: handleFor(needs.account.getAccount(accountId).business_name),
      last_refresh_ms: null,
      refused_lookups: [],
    };
  }

  function hasAccess(accountId: number): boolean {
    return current(accountId).login === 'full' && needs.channels.isConnected(accountId, 'instagram');
  }

  return {
    current,
    hasAccess,

    /** Every account with a settings row (the daily snapshot walks them). */
    accountIds: (): number[] => [...settings.values()].map((row) => row.account_id).sort((a, b) => a - b),

    update(accountId: number, patch: Partial<MarketSettings>): MarketSettings {
      const row = stored(accountId);
      if (row) return settings.update(row.id, patch);
      return settings.insert({ id: store.nextId('market_settings'), account_id: accountId, ...current(accountId), ...patch });
    },

    /** 403 `feature_unavailable` unless connected through the full-permission login (4.16). */
    requireAccess(accountId: number): void {
      if (hasAccess(accountId)) return;
      throw new ApiError(
        'feature_unavailable',
        'Market intelligence needs the channel group connected through the full-permission login.',
        { param: 'market_intelligence' },
      );
    },

    /** 403 `permission_required` when the connection lacks the insights permission (4.16). */
    requireInsights(accountId: number): void {
      if (current(accountId).insights_permission) return;
      throw new ApiError('permission_required', 'The channel connection lacks the insights permission.', { param: 'insights' });
    },

    plan: (accountId: number) => needs.account.getAccount(accountId).plan,
  };
}

export type Access = ReturnType<typeof createAccess>;
