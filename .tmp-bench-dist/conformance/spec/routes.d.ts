/**
 * The kit's own reading of section 4: every route, its clause, the scope it needs and whether the
 * spec states that scope (5.2 and the "(read)/(write)/(admin)" marks of section 4) or we chose it
 * (docs/decisions.md: plain reads need `read`, other writes need `write`). Written from the spec,
 * never from the simulator, so the scope matrix judges the simulator instead of echoing it.
 */
import type { Level } from '../types.js';
export type Scope = 'read' | 'write' | 'admin' | 'full';
export declare const SCOPES: readonly Scope[];
export declare function covers(held: Scope, required: Scope): boolean;
export interface RouteSpec {
    readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    /** Relative to the base URL, with `{name}` parameters. */
    readonly path: string;
    readonly clause: string;
    readonly scope: Scope;
    readonly scopeLevel: Level;
    /** The resource kind its `{id}` names (ledger kinds), for filling ids with owned ones. */
    readonly kind?: string;
    /** Paginated list (`limit`, `starting_after`). */
    readonly paginated?: boolean;
    /** A side effect the kit will not cause even with a sufficient key (allowed side skipped). */
    readonly costly?: boolean;
}
export declare const routeKey: (method: string, path: string) => string;
export declare const ROUTES: readonly RouteSpec[];
export declare function findRoute(method: string, path: string): RouteSpec | undefined;
/** Methods the spec defines on a path template (for the `Allow` header of a 405). */
export declare function methodsOf(path: string): string[];
