export async function fromFetchRequest(request) {
    const url = new URL(request.url);
    const headers = {};
    request.headers.forEach((value, name) => {
        headers[name] = value;
    });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const text = hasBody ? await request.text() : '';
    return {
        method: request.method,
        path: url.pathname,
        query: url.search.slice(1),
        headers,
        body: text === '' ? undefined : text,
    };
}
export function toFetchResponse(response) {
    const headers = new Headers(response.headers);
    if (response.body === undefined)
        return new Response(null, { status: response.status, headers });
    headers.set('Content-Type', 'application/json');
    return new Response(JSON.stringify(response.body), { status: response.status, headers });
}
//# sourceMappingURL=fetch.js.map