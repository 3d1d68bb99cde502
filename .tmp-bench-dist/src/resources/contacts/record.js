export const identityKey = (accountId, channel, platformUserId) => `${accountId}|${channel}|${platformUserId}`;
export const channelKey = (accountId, channel) => `${accountId}|${channel}`;
export const stageKey = (accountId, stage) => `${accountId}|${stage}`;
/** Email matches ignore case (addresses are compared case-insensitively in practice). */
export const emailKey = (accountId, email) => `${accountId}|${email.toLowerCase()}`;
export const phoneKey = (accountId, phone) => `${accountId}|${phone}`;
/** Tag ids are global and owned by one account, so the id alone is the key. */
export const tagKey = (tagId) => String(tagId);
export const contactIndexes = {
    identity: { unique: true, key: (c) => identityKey(c.account_id, c.channel, c.platform_user_id) },
    channel: { key: (c) => channelKey(c.account_id, c.channel) },
    stage: { key: (c) => stageKey(c.account_id, c.stage) },
    email: { key: (c) => (c.email === null ? null : emailKey(c.account_id, c.email)) },
    phone: { key: (c) => (c.phone === null ? null : phoneKey(c.account_id, c.phone)) },
    tag: { key: (c) => c.tag_ids.map(tagKey) },
};
//# sourceMappingURL=record.js.map