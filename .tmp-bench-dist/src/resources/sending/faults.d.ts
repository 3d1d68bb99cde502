/**
 * Sandbox send faults: "the next N sends to this recipient fail with this error". A recipient is
 * a channel and platform user id (SMS numbers compare by digits), so a fault can be armed before
 * the conversation exists and then hit a cold send.
 */
import { ApiError } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { SendFaultCode } from './schemas.js';
export interface SendFaultRecord extends Entity {
    readonly channel: Channel;
    readonly platform_user_id: string;
    readonly error: SendFaultCode;
    readonly remaining: number;
    readonly created_at: string;
}
/** The error a send failure answers with; `status` tells a permanent failure from a temporary one. */
export declare function sendError(code: SendFaultCode, message?: string): ApiError;
export declare function createSendFaults(core: CoreServices): {
    faults: import("../../store/collection.js").Collection<SendFaultRecord>;
    /** Arms `count` failures; they are used up in the order they were armed. */
    arm(accountId: number, channel: Channel, platformUserId: string, error: SendFaultCode, count: number): SendFaultRecord;
    /** Uses up one armed failure for the recipient, if any, and returns its error. */
    take(accountId: number, channel: Channel, platformUserId: string): ApiError | undefined;
    list: (accountId: number) => SendFaultRecord[];
    clear(accountId: number): number;
};
export type SendFaults = ReturnType<typeof createSendFaults>;
