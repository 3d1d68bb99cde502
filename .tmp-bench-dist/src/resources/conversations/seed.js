import { agoMs } from './sandbox.js';
export function applyMessagingSeed(app, accountId, account, at) {
    const { channels, team, invitations, conversations, conversationSandbox, optOuts, blockedUsers } = app.models;
    const now = app.clock.now();
    (account.channels ?? []).forEach((state, index) => at(['channels', index], () => {
        channels.set(accountId, state.channel, { connected: state.connected, messaging_permitted: state.messaging_permitted });
    }));
    (account.team ?? []).forEach((member, index) => at(['team', index], () => {
        team.add(accountId, { ...member, channels: member.channels ?? null });
    }));
    (account.invitations ?? []).forEach((invitation, index) => at(['invitations', index], () => {
        invitations.seed(accountId, {
            email: invitation.email,
            name: invitation.name,
            role: invitation.role,
            channels: invitation.channels ?? null,
            ...(invitation.email_sent !== undefined ? { email_sent: invitation.email_sent } : {}),
            ...(invitation.expires_in !== undefined ? { expires_in_ms: agoMs(invitation.expires_in) } : {}),
        });
    }));
    (account.conversations ?? []).forEach((conversation, index) => at(['conversations', index], () => {
        conversationSandbox.create(accountId, conversation);
    }));
    (account.opt_outs ?? []).forEach((optOut, index) => at(['opt_outs', index], () => {
        const row = optOut.channel === 'sms'
            ? optOut.status === 'opted_out'
                ? optOuts.smsStop(accountId, optOut.platform_user_id)
                : (optOuts.smsStart(accountId, optOut.platform_user_id) ?? undefined)
            : optOuts.metaOptOut(accountId, {
                channel: optOut.channel,
                identifier: optOut.platform_user_id,
                scope: optOut.scope ?? 'all',
                method: optOut.method ?? null,
                keyword: optOut.keyword ?? null,
            });
        if (!row)
            throw new Error('START for a number that never stopped: seed its STOP first');
        // Place the record in the past, so the seed reads like a history.
        const recordedMs = now - agoMs(optOut.ago);
        const recorded = app.clock.iso(recordedMs);
        optOuts.optOuts.update(row.id, {
            recorded_ms: recordedMs,
            recorded_at: recorded,
            ...(row.status === 'opted_out' ? { opted_out_at: recorded } : { opted_in_at: recorded }),
        });
    }));
    (account.blocked_users ?? []).forEach((block, index) => at(['blocked_users', index], () => {
        const conversation = block.platform_user_id !== undefined ? conversations.findByIdentity(accountId, block.channel, block.platform_user_id) : undefined;
        const row = blockedUsers.block(accountId, {
            channel: block.channel,
            platform_user_id: block.platform_user_id ?? null,
            ig_username: block.ig_username?.replace(/^@/, '').toLowerCase() ?? null,
            display_name: block.display_name ?? null,
            conversation_id: conversation?.id ?? null,
            source: 'portal',
        });
        if (block.unblocked)
            blockedUsers.unblock(accountId, row.id);
    }));
}
//# sourceMappingURL=seed.js.map