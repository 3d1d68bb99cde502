import type { CheckContext } from '../../runner/check.js';
export interface IdempotentCreate {
    readonly path: string;
    readonly kind: string;
    readonly key: string;
    /** A valid body naming the resource `name`. */
    body(name: string, variant: number): unknown;
    /** A body the route refuses with 400 (for 4xx replays). */
    invalidBody(name: string): unknown;
    /** How many resources named `name` exist now (as seen by `key`). */
    count(name: string, key?: string): Promise<number>;
    deletePath(id: number): string;
}
export declare function idempotentCreate(ctx: CheckContext): Promise<IdempotentCreate>;
