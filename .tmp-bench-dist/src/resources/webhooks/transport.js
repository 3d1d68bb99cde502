/**
 * How a delivery reaches the receiver. The model only sees this interface, so the neutral core
 * can run anywhere: the default transport is the global `fetch` (Node 20, browsers, workers);
 * the node runtime injects an undici one (src/adapters/undici-transport.ts).
 *
 * A transport must never hang the simulator: it enforces `timeoutMs` over the whole exchange
 * (connect, headers and body) and reads at most `maxResponseBytes` of the answer before it lets
 * go of the connection, so a receiver that stalls, resets or streams a huge body costs one
 * bounded attempt.
 */
import { MAX_RESPONSE_BYTES } from './limits.js';
export class WebhookTransportError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'WebhookTransportError';
    }
}
export function timeoutError(timeoutMs) {
    return new WebhookTransportError('timeout', `timed out after ${timeoutMs} ms`);
}
/** A readable description of a network failure (fetch and undici hide the code in `cause`). */
export function networkError(error) {
    if (error instanceof WebhookTransportError)
        return error;
    const cause = error?.cause;
    const code = error?.code ?? cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    const detail = typeof code === 'string' ? code : typeof cause?.message === 'string' ? cause.message : message;
    return new WebhookTransportError('network', `connection failed: ${detail}`);
}
const decoder = new TextDecoder();
/** Reads a web stream up to `limit` bytes, then cancels it so the peer cannot make us buffer more. */
export async function readCapped(stream, limit) {
    if (!stream)
        return '';
    const reader = stream.getReader();
    const chunks = [];
    let size = 0;
    try {
        while (size < limit) {
            const { done, value } = await reader.read();
            if (done)
                break;
            const room = limit - size;
            const piece = value.byteLength > room ? value.subarray(0, room) : value;
            chunks.push(piece);
            size += piece.byteLength;
        }
    }
    finally {
        reader.cancel().catch(() => { });
    }
    const all = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
        all.set(chunk, offset);
        offset += chunk.byteLength;
    }
    return decoder.decode(all);
}
/** The default transport: global fetch with an AbortController timeout and no redirects. */
export function createFetchTransport(maxResponseBytes = MAX_RESPONSE_BYTES) {
    return async ({ url, headers, body, timeoutMs }) => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), timeoutMs);
        try {
            const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: controller.signal });
            const text = await readCapped(response.body, maxResponseBytes);
            return { status: response.status, body: text };
        }
        catch (error) {
            throw controller.signal.aborted ? timeoutError(timeoutMs) : networkError(error);
        }
        finally {
            clearTimeout(timer);
        }
    };
}
//# sourceMappingURL=transport.js.map