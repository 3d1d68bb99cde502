/**
 * The plain-object request and response the core speaks (ARCHITECTURE.md decision 1): adapters
 * convert to and from these, so the core never builds WHATWG Request/Response objects per call.
 */
export const SCOPES = ['read', 'write', 'admin', 'full'];
const SCOPE_RANK = { read: 0, write: 1, admin: 2, full: 3 };
export function scopeCovers(held, required) {
    return SCOPE_RANK[held] >= SCOPE_RANK[required];
}
export const PLANS = ['free', 'creator', 'pro', 'business'];
export const CHANNELS = ['facebook', 'instagram', 'sms', 'telegram', 'whatsapp'];
//# sourceMappingURL=types.js.map