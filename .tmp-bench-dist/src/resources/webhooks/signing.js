/**
 * Standard Webhooks signing (https://www.standardwebhooks.com), our choice for the spec's "not
 * shown" signature scheme: the signed content is `${webhook-id}.${webhook-timestamp}.${body}`,
 * HMAC-SHA256 with the secret's key bytes, sent as `v1,<base64>`; several signatures are
 * space-separated (secret rotation). Web Crypto keeps it runtime-neutral (Node 20 and browsers).
 */
import { randomBytes } from '../../core/random.js';
export const SECRET_PREFIX = 'whsec_';
/** 32 key bytes: the upper half of the 24 to 64 bytes Standard Webhooks recommends. */
const SECRET_BYTES = 32;
export function bytesToBase64(bytes) {
    let binary = '';
    for (const byte of bytes)
        binary += String.fromCharCode(byte);
    return btoa(binary);
}
export function base64ToBytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++)
        bytes[i] = binary.charCodeAt(i);
    return bytes;
}
export function generateSecret() {
    return SECRET_PREFIX + bytesToBase64(randomBytes(SECRET_BYTES));
}
/** The key bytes of a `whsec_` secret (a secret without the prefix is read as bare base64). */
export function secretKey(secret) {
    return base64ToBytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
}
const encoder = new TextEncoder();
async function hmacBase64(key, content) {
    const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(content));
    return bytesToBase64(new Uint8Array(mac));
}
/** One `v1,<base64>` signature. */
export async function sign(secret, webhookId, timestampSeconds, body) {
    return `v1,${await hmacBase64(secretKey(secret), `${webhookId}.${timestampSeconds}.${body}`)}`;
}
/** The `webhook-signature` header: one signature per secret (newest first), space-separated. */
export async function signatureHeader(secrets, webhookId, timestampSeconds, body) {
    const signatures = await Promise.all(secrets.map((secret) => sign(secret, webhookId, timestampSeconds, body)));
    return signatures.join(' ');
}
//# sourceMappingURL=signing.js.map