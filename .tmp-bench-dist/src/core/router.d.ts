/**
 * A segment trie over the route table. Static segments rank above `{param}` siblings (the
 * stripe-mock rule), so `/appointments/availability` never reads as `/appointments/{id}`. A path
 * that matches no route is 404; a path that matches with another method is 405 with `Allow`.
 */
export interface RoutablePath {
    readonly method: string;
    /** Relative to the base path, with `{name}` segments, e.g. `/contacts/{id}/tags/{tag}`. */
    readonly path: string;
}
export type RouteLookup<R> = {
    readonly kind: 'found';
    readonly route: R;
    readonly params: Record<string, string>;
} | {
    readonly kind: 'method_not_allowed';
    readonly allow: readonly string[];
} | {
    readonly kind: 'not_found';
};
export declare class Router<R extends RoutablePath> {
    private readonly root;
    constructor(routes?: Iterable<R>);
    add(route: R): void;
    lookup(method: string, path: string): RouteLookup<R>;
    private match;
}
/** `/a/b/` and `/a/b` are the same path; empty inner segments are kept (they never match). */
export declare function splitPath(path: string): string[];
