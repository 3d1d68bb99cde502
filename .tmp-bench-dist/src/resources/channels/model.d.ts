/**
 * Per-account channel connection state (sandbox-controlled). A channel with no stored row is
 * connected and permitted, so a fresh account can send everywhere; the sandbox (or a seed) turns
 * a channel off to exercise 412 `not_provisioned`, 403 `forbidden` and 409 `not_connected`.
 */
import { type Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { ChannelConnectionData } from './schemas.js';
export interface ChannelStateRecord extends Entity {
    readonly channel: Channel;
    readonly connected: boolean;
    readonly messaging_permitted: boolean;
}
export interface ChannelState {
    readonly connected: boolean;
    readonly messaging_permitted: boolean;
}
export declare function createChannelsModel(core: CoreServices): {
    state: (accountId: number, channel: Channel) => ChannelState;
    present: (accountId: number, channel: Channel) => ChannelConnectionData;
    isConnected: (accountId: number, channel: Channel) => boolean;
    list: (accountId: number) => ChannelConnectionData[];
    set(accountId: number, channel: Channel, patch: Partial<ChannelState>): ChannelConnectionData;
};
export type ChannelsModel = ReturnType<typeof createChannelsModel>;
