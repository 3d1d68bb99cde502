/** Small pieces several check files share: cost shorthands, canonical JSON, list walking. */
import type { KitResponse } from '../http/client.js';
import type { CheckContext } from '../runner/check.js';
export declare const costOf: (requests: number) => () => number;
export declare const perRun: (requests: number, extra?: number) => (plan: {
    readonly runs: number;
}) => number;
/** JSON with object keys sorted, so two bodies compare by meaning, not by key order. */
export declare function canonical(value: unknown): string;
export interface WalkResult {
    readonly items: Record<string, unknown>[];
    readonly pages: KitResponse[];
}
/** Follows `next_cursor` until `has_more` is false (capped, so a looping cursor cannot hang the kit). */
export declare function walk(ctx: CheckContext, path: string, options?: {
    key?: string;
    limit?: number;
    query?: Record<string, string>;
    maxPages?: number;
}): Promise<WalkResult>;
export declare function dataOf(response: KitResponse): Record<string, unknown> | undefined;
export declare function numericId(value: unknown): number | undefined;
