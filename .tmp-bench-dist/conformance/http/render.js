const MAX_BODY = 2000;
/** Headers the kit adds for itself or that carry no meaning for a reader. */
const QUIET_REQUEST_HEADERS = new Set(['content-length', 'accept', 'user-agent']);
const SHOWN_RESPONSE_HEADERS = /^(allow|retry-after|idempotent-replayed|ratelimit-|x-ratelimit-|content-type|location)/i;
function clip(text) {
    return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}... (${text.length} chars)` : text;
}
function shellQuote(text) {
    return `'${text.replace(/'/g, `'\\''`)}'`;
}
export function renderRequest(exchange, redactor) {
    const lines = [`${exchange.method} ${redactor.text(exchange.url)}`];
    for (const [name, value] of Object.entries(redactor.headers(exchange.requestHeaders))) {
        if (!QUIET_REQUEST_HEADERS.has(name.toLowerCase()))
            lines.push(`${name}: ${value}`);
    }
    if (exchange.requestBody !== undefined)
        lines.push('', clip(redactor.text(exchange.requestBody)));
    return lines.join('\n');
}
export function renderResponse(exchange, redactor) {
    const lines = [`HTTP ${exchange.status}`];
    for (const [name, value] of Object.entries(exchange.responseHeaders)) {
        if (SHOWN_RESPONSE_HEADERS.test(name))
            lines.push(`${name}: ${value}`);
    }
    if (exchange.responseBody !== '')
        lines.push('', clip(redactor.text(exchange.responseBody)));
    return lines.join('\n');
}
export function renderCurl(exchange, redactor) {
    const parts = ['curl', '-sS', '-i', '-X', exchange.method, shellQuote(redactor.text(exchange.url))];
    for (const [name, value] of Object.entries(redactor.headers(exchange.requestHeaders))) {
        if (QUIET_REQUEST_HEADERS.has(name.toLowerCase()))
            continue;
        // A placeholder like $SWITCHBOARD_API_KEY must expand, so that header goes in double quotes.
        const header = `${name}: ${value}`;
        parts.push('-H', /\$SWITCHBOARD_/.test(value) ? `"${header.replace(/["\\`]/g, '\\$&')}"` : shellQuote(header));
    }
    if (exchange.requestBody !== undefined)
        parts.push('--data-raw', shellQuote(redactor.text(exchange.requestBody)));
    return parts.join(' ');
}
//# sourceMappingURL=render.js.map