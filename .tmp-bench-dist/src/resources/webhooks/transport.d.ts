export interface WebhookTransportRequest {
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string;
    readonly timeoutMs: number;
}
export interface WebhookTransportResponse {
    readonly status: number;
    /** The start of the answer body (at most MAX_RESPONSE_BYTES, decoded as UTF-8). */
    readonly body: string;
}
/** Resolves with the receiver's answer (any status); rejects with `WebhookTransportError`. */
export type WebhookTransport = (request: WebhookTransportRequest) => Promise<WebhookTransportResponse>;
export type TransportFailure = 'timeout' | 'network';
export declare class WebhookTransportError extends Error {
    readonly kind: TransportFailure;
    constructor(kind: TransportFailure, message: string);
}
export declare function timeoutError(timeoutMs: number): WebhookTransportError;
/** A readable description of a network failure (fetch and undici hide the code in `cause`). */
export declare function networkError(error: unknown): WebhookTransportError;
/** Reads a web stream up to `limit` bytes, then cancels it so the peer cannot make us buffer more. */
export declare function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<string>;
/** The default transport: global fetch with an AbortController timeout and no redirects. */
export declare function createFetchTransport(maxResponseBytes?: number): WebhookTransport;
