/**
 * The only source of randomness in the simulator (API key material, webhook secrets, request
 * ids). It uses the Web Crypto CSPRNG, which Node 20 and browsers both provide as a global.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A uniformly random base62 string (rejection sampling keeps it unbiased). */
export function randomToken(length) {
    let out = '';
    const bytes = new Uint8Array(length * 2);
    while (out.length < length) {
        crypto.getRandomValues(bytes);
        for (const byte of bytes) {
            if (byte < 248)
                out += BASE62[byte % 62];
            if (out.length === length)
                break;
        }
    }
    return out;
}
export function randomBytes(length) {
    const bytes = new Uint8Array(length);
    crypto.getRandomValues(bytes);
    return bytes;
}
//# sourceMappingURL=random.js.map