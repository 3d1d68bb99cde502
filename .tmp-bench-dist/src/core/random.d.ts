/**
 * The only source of randomness in the simulator (API key material, webhook secrets, request
 * ids). It uses the Web Crypto CSPRNG, which Node 20 and browsers both provide as a global.
 */
/** A uniformly random base62 string (rejection sampling keeps it unbiased). */
export declare function randomToken(length: number): string;
export declare function randomBytes(length: number): Uint8Array;
