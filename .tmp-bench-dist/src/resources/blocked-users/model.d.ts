import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { BlockChannel, BlockedUserData, BlockSource } from './schemas.js';
export interface BlockedUserRecord extends Entity {
    readonly channel: BlockChannel;
    readonly platform_user_id: string | null;
    readonly ig_username: string | null;
    readonly display_name: string | null;
    readonly conversation_id: number | null;
    readonly source: BlockSource;
    readonly blocked_at: string;
    readonly active: boolean;
    readonly unblocked_at: string | null;
}
export interface BlockTarget {
    readonly channel: BlockChannel;
    readonly platform_user_id: string | null;
    readonly ig_username: string | null;
    readonly display_name: string | null;
    readonly conversation_id: number | null;
    readonly source: BlockSource;
}
/** Who a check is about: a thread's person, with the Instagram handle when known. */
export interface Person {
    readonly channel: Channel;
    readonly platform_user_id: string;
    readonly ig_username?: string | null;
}
export declare function createBlockedUsersModel(core: CoreServices): {
    blocks: import("../../store/collection.js").Collection<BlockedUserRecord>;
    activeBlock: (accountId: number, person: Person) => BlockedUserRecord | undefined;
    isBlocked: (accountId: number, person: Person) => boolean;
    present(row: BlockedUserRecord): BlockedUserData;
    /** Ascending ids of the account's active blocks (the route pages them newest first). */
    activeIds: (accountId: number) => readonly number[];
    block(accountId: number, target: BlockTarget): BlockedUserRecord;
    /** Lifts a block; the row stays. An already lifted block reads as missing. */
    unblock(accountId: number, id: number): BlockedUserRecord;
    /** The conversation was erased: keep the block, drop the link. */
    detachConversation(conversationId: number): void;
};
export type BlockedUsersModel = ReturnType<typeof createBlockedUsersModel>;
