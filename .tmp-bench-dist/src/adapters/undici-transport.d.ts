import { type WebhookTransport } from '../resources/webhooks/transport.js';
export interface UndiciTransportOptions {
    /** Bytes of a receiver's answer read before the connection is dropped. Default 64 KiB. */
    maxResponseBytes?: number;
    /** Sockets per receiver origin. Default 8 (per-endpoint FIFO uses one per endpoint). */
    connectionsPerOrigin?: number;
}
export interface UndiciTransport extends WebhookTransport {
    /** Drops the pool and any attempt still in flight (a hanging receiver must not delay shutdown). */
    close(): Promise<void>;
}
export declare function createUndiciTransport(options?: UndiciTransportOptions): UndiciTransport;
