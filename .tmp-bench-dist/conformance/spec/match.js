/**
 * Matches a concrete request path to a route template (`/contacts/12/tags/vip` to
 * `/contacts/{id}/tags/{tag}`), static segments first, as a router would.
 */
export class RouteMatcher {
    compiled;
    /** `routes` are `METHOD /path` templates. */
    constructor(routes) {
        this.compiled = [...routes]
            .map((key) => {
            const [method, path] = key.split(' ');
            const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
            return { key, pattern: new RegExp(`^${method} ${source}/?$`), params: (path.match(/\{/g) ?? []).length };
        })
            .sort((a, b) => a.params - b.params);
    }
    /** The template key of `method path` (path relative to the base URL, no query), if any. */
    match(method, path) {
        const subject = `${method.toUpperCase()} ${path}`;
        return this.compiled.find((route) => route.pattern.test(subject))?.key;
    }
}
//# sourceMappingURL=match.js.map