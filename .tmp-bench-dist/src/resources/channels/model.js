/**
 * Per-account channel connection state (sandbox-controlled). A channel with no stored row is
 * connected and permitted, so a fresh account can send everywhere; the sandbox (or a seed) turns
 * a channel off to exercise 412 `not_provisioned`, 403 `forbidden` and 409 `not_connected`.
 */
import { CHANNELS } from '../../core/types.js';
import { CHANNEL_CAPABILITIES } from './capabilities.js';
const DEFAULT_STATE = { connected: true, messaging_permitted: true };
export function createChannelsModel(core) {
    const { store } = core;
    const states = store.define('channel_states', {
        channel: { unique: true, key: (row) => `${row.account_id}:${row.channel}` },
    });
    function state(accountId, channel) {
        return states.findUnique('channel', `${accountId}:${channel}`) ?? DEFAULT_STATE;
    }
    function present(accountId, channel) {
        const current = state(accountId, channel);
        const windowMs = CHANNEL_CAPABILITIES[channel].windowMs;
        return {
            channel,
            connected: current.connected,
            messaging_permitted: current.messaging_permitted,
            window_hours: windowMs === null ? null : windowMs / 3_600_000,
        };
    }
    return {
        state,
        present,
        isConnected: (accountId, channel) => state(accountId, channel).connected,
        list: (accountId) => CHANNELS.map((channel) => present(accountId, channel)),
        set(accountId, channel, patch) {
            const existing = states.findUnique('channel', `${accountId}:${channel}`);
            const next = { ...(existing ?? DEFAULT_STATE), ...patch };
            if (existing)
                states.update(existing.id, { connected: next.connected, messaging_permitted: next.messaging_permitted });
            else {
                states.insert({
                    id: store.nextId('channel_state'),
                    account_id: accountId,
                    channel,
                    connected: next.connected,
                    messaging_permitted: next.messaging_permitted,
                });
            }
            return present(accountId, channel);
        },
    };
}
//# sourceMappingURL=model.js.map