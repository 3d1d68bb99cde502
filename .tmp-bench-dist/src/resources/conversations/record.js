export const identityKey = (accountId, channel, platformUserId) => `${accountId}|${channel}|${platformUserId}`;
export const channelKey = (accountId, channel) => `${accountId}|${channel}`;
export const statusKey = (accountId, status) => `${accountId}|${status}`;
export const assigneeKey = (accountId, assignee) => `${accountId}|${assignee}`;
export const conversationIndexes = {
    identity: { unique: true, key: (c) => identityKey(c.account_id, c.channel, c.platform_user_id) },
    contact: { key: (c) => String(c.contact_id) },
    channel: { key: (c) => channelKey(c.account_id, c.channel) },
    status: { key: (c) => statusKey(c.account_id, c.status) },
    assignee: { key: (c) => (c.assigned_to === null ? null : assigneeKey(c.account_id, c.assigned_to)) },
    tag: { key: (c) => c.tag_ids.map(String) },
};
//# sourceMappingURL=record.js.map