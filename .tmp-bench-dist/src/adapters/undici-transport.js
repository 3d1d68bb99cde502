/**
 * The node runtime's webhook transport: undici `request` on a dedicated Agent. Why not the global
 * fetch the neutral core defaults to: a dedicated connection pool (a hanging receiver cannot hold
 * sockets the rest of the process needs), no WHATWG Request/Response per delivery, and a body we
 * can destroy after the capped read. One overall deadline (AbortSignal) covers connect, headers
 * and body, so `timeout_ms` means what it says; redirects are never followed.
 */
import { Agent, request } from 'undici';
import { MAX_RESPONSE_BYTES } from '../resources/webhooks/limits.js';
import { networkError, timeoutError, } from '../resources/webhooks/transport.js';
export function createUndiciTransport(options = {}) {
    const limit = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    const agent = new Agent({
        connections: options.connectionsPerOrigin ?? 8,
        keepAliveTimeout: 4_000,
        keepAliveMaxTimeout: 30_000,
    });
    async function send({ url, headers, body, timeoutMs }) {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), timeoutMs);
        try {
            const response = await request(url, {
                method: 'POST',
                headers,
                body,
                dispatcher: agent,
                signal: controller.signal,
                headersTimeout: timeoutMs,
                bodyTimeout: timeoutMs,
            });
            const chunks = [];
            let size = 0;
            for await (const chunk of response.body) {
                const room = limit - size;
                chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
                size += Math.min(chunk.length, room);
                if (size >= limit)
                    break; // leaving the loop destroys the body: the rest is never read
            }
            return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
        }
        catch (error) {
            const code = error?.code;
            const timedOut = controller.signal.aborted || (typeof code === 'string' && code.includes('TIMEOUT'));
            throw timedOut ? timeoutError(timeoutMs) : networkError(error);
        }
        finally {
            clearTimeout(timer);
        }
    }
    return Object.assign(send, { close: () => agent.destroy() });
}
//# sourceMappingURL=undici-transport.js.map