/**
 * Matches a concrete request path to a route template (`/contacts/12/tags/vip` to
 * `/contacts/{id}/tags/{tag}`), static segments first, as a router would.
 */
export declare class RouteMatcher {
    private readonly compiled;
    /** `routes` are `METHOD /path` templates. */
    constructor(routes: Iterable<string>);
    /** The template key of `method path` (path relative to the base URL, no query), if any. */
    match(method: string, path: string): string | undefined;
}
