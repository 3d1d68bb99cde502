export declare const SECRET_PREFIX = "whsec_";
export declare function bytesToBase64(bytes: Uint8Array): string;
export declare function base64ToBytes(text: string): Uint8Array<ArrayBuffer>;
export declare function generateSecret(): string;
/** The key bytes of a `whsec_` secret (a secret without the prefix is read as bare base64). */
export declare function secretKey(secret: string): Uint8Array<ArrayBuffer>;
/** One `v1,<base64>` signature. */
export declare function sign(secret: string, webhookId: string, timestampSeconds: number, body: string): Promise<string>;
/** The `webhook-signature` header: one signature per secret (newest first), space-separated. */
export declare function signatureHeader(secrets: readonly string[], webhookId: string, timestampSeconds: number, body: string): Promise<string>;
