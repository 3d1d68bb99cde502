/**
 * Sandbox send faults: "the next N sends to this recipient fail with this error". A recipient is
 * a channel and platform user id (SMS numbers compare by digits), so a fault can be armed before
 * the conversation exists and then hit a cold send.
 */
import { ApiError } from '../../core/errors.js';
import { phoneDigits } from '../opt-outs/model.js';
const recipientKey = (accountId, channel, platformUserId) => `${accountId}|${channel}|${channel === 'sms' || channel === 'whatsapp' ? phoneDigits(platformUserId) : platformUserId}`;
const MESSAGES = {
    forbidden: 'The channel is not permitted for this send.',
    recipient_opted_out: 'The recipient opted out.',
    not_provisioned: 'The channel is not connected.',
    unprocessable_send: 'The channel permanently rejected the send.',
    rate_limited: 'Too many sends to this recipient; retry after Retry-After.',
    service_unavailable: 'The channel did not answer; retry with the same idempotency_key.',
};
/** The error a send failure answers with; `status` tells a permanent failure from a temporary one. */
export function sendError(code, message = MESSAGES[code]) {
    const temporary = code === 'service_unavailable' || code === 'rate_limited';
    return new ApiError(code, message, {
        extra: { status: temporary ? 'failed' : 'dead_letter' },
        ...(code === 'rate_limited' || code === 'service_unavailable' ? { headers: { 'Retry-After': '1' } } : {}),
    });
}
export function createSendFaults(core) {
    const { store, clock } = core;
    const faults = store.define('send_faults', {
        recipient: { key: (row) => recipientKey(row.account_id, row.channel, row.platform_user_id) },
    });
    return {
        faults,
        /** Arms `count` failures; they are used up in the order they were armed. */
        arm(accountId, channel, platformUserId, error, count) {
            return faults.insert({
                id: store.nextId('send_fault'),
                account_id: accountId,
                channel,
                platform_user_id: platformUserId,
                error,
                remaining: count,
                created_at: clock.iso(),
            });
        },
        /** Uses up one armed failure for the recipient, if any, and returns its error. */
        take(accountId, channel, platformUserId) {
            const ids = faults.idsByIndex('recipient', recipientKey(accountId, channel, platformUserId));
            const fault = ids.length === 0 ? undefined : faults.get(ids[0]);
            if (!fault)
                return undefined;
            if (fault.remaining <= 1)
                faults.remove(fault.id);
            else
                faults.update(fault.id, { remaining: fault.remaining - 1 });
            return sendError(fault.error);
        },
        list: (accountId) => [...faults.ofAccount(accountId)],
        clear(accountId) {
            const ids = [...faults.idsOfAccount(accountId)];
            for (const id of ids)
                faults.remove(id);
            return ids.length;
        },
    };
}
//# sourceMappingURL=faults.js.map