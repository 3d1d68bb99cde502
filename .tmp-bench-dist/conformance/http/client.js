/**
 * The kit's only way to reach the target: a fetch function. Every request carries
 * `X-Switchboard-Run: <run-id>/<seq>` for log correlation, passes the profile guard, is paced from
 * the `RateLimit-*` headers, waits out `Retry-After` on a 429 (unless the check asked for the raw
 * answer), and is recorded as an exchange that observers and failure reports read.
 */
import { guardRequest } from '../safety/guard.js';
const MAX_429_RETRIES = 4;
export class KitClient {
    deps;
    seq = 0;
    observers = [];
    usage = { used: 0, control: 0, rateLimited: 0, byAccount: {} };
    constructor(deps) {
        this.deps = deps;
    }
    get origin() {
        return new URL(this.deps.baseUrl).origin;
    }
    url(path, query, fromOrigin = false) {
        const base = fromOrigin ? this.origin : this.deps.baseUrl;
        const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
        if (!query)
            return url;
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(query))
            if (value !== undefined)
                search.set(name, String(value));
        const text = search.toString();
        return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
    }
    async send(options) {
        const method = (options.method ?? 'GET').toUpperCase();
        if (!options.sweep && !options.fromOrigin) {
            guardRequest(this.deps.profile(), this.deps.ledger, method, options.path, options.harmless ?? false);
        }
        const label = options.keyValue !== undefined ? 'literal' : options.key === undefined ? 'a' : (options.key ?? 'none');
        const resolved = options.keyValue !== undefined || options.key === null ? undefined : this.deps.resolveKey(label);
        if (label !== 'literal' && label !== 'none' && !resolved)
            throw new Error(`no key labelled "${label}"`);
        const keyValue = options.keyValue ?? resolved?.value;
        const paced = resolved !== undefined && !options.fromOrigin;
        for (let attempt = 0;; attempt++) {
            if (paced) {
                if (options.raw)
                    this.deps.pacer.note(resolved.account);
                else
                    await this.deps.pacer.before(resolved.account);
            }
            const response = await this.once(method, options, label, keyValue);
            if (paced)
                this.deps.pacer.after(resolved.account, response.headers);
            this.count(options.fromOrigin ? undefined : (resolved?.account ?? 'unauthenticated'), response.status);
            for (const observe of this.observers) {
                observe(response, { keyLabel: label, authenticated: resolved !== undefined, control: options.fromOrigin ?? false });
            }
            if (response.status !== 429 || options.raw || attempt >= MAX_429_RETRIES)
                return response;
            await this.deps.pacer.retryAfter(response.headers);
        }
    }
    count(account, status) {
        if (account === undefined) {
            this.usage.control++;
            return;
        }
        this.usage.used++;
        this.usage.byAccount[account] = (this.usage.byAccount[account] ?? 0) + 1;
        if (status === 429)
            this.usage.rateLimited++;
    }
    async once(method, options, label, keyValue) {
        const seq = ++this.seq;
        const headers = { Accept: 'application/json', 'X-Switchboard-Run': `${this.deps.runId}/${seq}` };
        if (keyValue !== undefined) {
            const header = options.keyHeader ?? 'x-service-api-key';
            if (header === 'authorization')
                headers['Authorization'] = `Bearer ${keyValue}`;
            else if (header === 'x-api-key')
                headers['X-Api-Key'] = keyValue;
            else
                headers['X-Service-Api-Key'] = keyValue;
        }
        let body;
        if (options.rawBody !== undefined)
            body = options.rawBody;
        else if (options.body !== undefined)
            body = JSON.stringify(options.body);
        if (body !== undefined)
            headers['Content-Type'] = 'application/json';
        if (options.idempotencyKey !== undefined)
            headers['Idempotency-Key'] = options.idempotencyKey;
        Object.assign(headers, options.headers);
        const url = this.url(options.path, options.query, options.fromOrigin);
        const started = performance.now();
        const request = new Request(url, { method, headers, body, signal: AbortSignal.timeout(this.deps.timeoutMs) });
        const response = await this.deps.fetch(request);
        const text = await response.text();
        const durationMs = performance.now() - started;
        let json;
        if (text.trim() !== '') {
            try {
                json = JSON.parse(text);
            }
            catch {
                json = undefined;
            }
        }
        const responseHeaders = {};
        response.headers.forEach((value, name) => {
            responseHeaders[name] = value;
        });
        const exchange = {
            seq,
            method,
            url,
            requestHeaders: headers,
            requestBody: body,
            status: response.status,
            responseHeaders,
            responseBody: text,
            durationMs,
            keyLabel: label,
        };
        return { status: response.status, headers: response.headers, text, json, exchange };
    }
}
//# sourceMappingURL=client.js.map