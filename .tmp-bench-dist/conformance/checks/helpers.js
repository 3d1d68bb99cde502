import { fail, readList } from '../runner/expect.js';
export const costOf = (requests) => () => requests;
export const perRun = (requests, extra = 0) => (plan) => requests * plan.runs + extra;
/** JSON with object keys sorted, so two bodies compare by meaning, not by key order. */
export function canonical(value) {
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
    }
    return JSON.stringify(value) ?? 'undefined';
}
/** Follows `next_cursor` until `has_more` is false (capped, so a looping cursor cannot hang the kit). */
export async function walk(ctx, path, options = {}) {
    const items = [];
    const pages = [];
    let cursor;
    const maxPages = options.maxPages ?? 200;
    for (let page = 0; page < maxPages; page++) {
        const response = await ctx.send({
            path,
            key: options.key ?? 'a',
            query: { ...options.query, ...(options.limit !== undefined ? { limit: options.limit } : {}), ...(cursor ? { starting_after: cursor } : {}) },
        });
        if (response.status !== 200)
            fail(`GET ${path}: expected HTTP 200 while walking pages, got ${response.status}`, response);
        const list = readList(response, `GET ${path}`);
        pages.push(response);
        for (const item of list.data) {
            if (typeof item !== 'object' || item === null)
                fail(`GET ${path}: list items must be objects`, response);
            items.push(item);
        }
        if (!list.has_more)
            return { items, pages };
        cursor = list.next_cursor ?? undefined;
    }
    return fail(`GET ${path}: still has_more after ${maxPages} pages (a cursor that loops?)`, pages[pages.length - 1]);
}
export function dataOf(response) {
    const data = typeof response.json === 'object' && response.json !== null ? response.json.data : undefined;
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : undefined;
}
export function numericId(value) {
    return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}
//# sourceMappingURL=helpers.js.map