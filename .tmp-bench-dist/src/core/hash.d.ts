/**
 * SHA-256 and a constant-time comparison, for storing and checking API keys.
 *
 * Why not Web Crypto: `crypto.subtle.digest` is async only, and key hashing happens while a seed
 * is loaded, inside the synchronous `createSimulator()`. Why not node:crypto: the core is
 * runtime-neutral (it also runs under MSW in a browser). The digest is checked against
 * node:crypto in `hash.test.ts`.
 */
export declare function sha256(input: string | Uint8Array): Uint8Array;
export declare function toHex(bytes: Uint8Array): string;
export declare function sha256Hex(input: string): string;
/** Compares two strings in time that depends only on their length, never on where they differ. */
export declare function constantTimeEqual(a: string, b: string): boolean;
