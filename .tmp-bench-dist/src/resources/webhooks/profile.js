/** Text a person wrote or the AI produced, whichever event carries it. */
export const TEXT_FIELDS = [
    'text',
    'message_text',
    'last_message_text',
    'body',
    'caption',
    'comment_text',
    'reply_text',
    'transcript',
    'preview',
    'snippet',
];
/**
 * Per-event additions: fields that hold message text under a more generic name. Contact data
 * (names, custom field values) is not message text and stays in `minimal`.
 */
export const EVENT_TEXT_FIELDS = {
    'message.received': ['content', 'attachments_text'],
    'comment.handled': ['content', 'reply'],
    'post.scheduled': ['content'],
    'post.published': ['content'],
    'post.failed': ['content'],
};
export function applyProfile(type, data, profile) {
    if (profile === 'full')
        return data;
    const drop = new Set([...TEXT_FIELDS, ...(EVENT_TEXT_FIELDS[type] ?? [])]);
    return strip(data, drop);
}
function strip(value, drop) {
    if (Array.isArray(value))
        return value.map((item) => strip(item, drop));
    if (value === null || typeof value !== 'object')
        return value;
    const out = {};
    for (const [key, inner] of Object.entries(value)) {
        if (!drop.has(key))
            out[key] = strip(inner, drop);
    }
    return out;
}
//# sourceMappingURL=profile.js.map