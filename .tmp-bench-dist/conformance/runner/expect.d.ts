/**
 * Assertions over responses. Each failure names what the spec wanted and what came back, and
 * carries the exchange so the report can print the request, the response and a curl line.
 */
import type { z } from 'zod';
import type { KitResponse } from '../http/client.js';
export interface ErrorBody {
    readonly code: string;
    readonly message: string;
    readonly param: string | undefined;
    readonly extra: Readonly<Record<string, unknown>>;
}
export interface ListBody {
    readonly data: unknown[];
    readonly has_more: boolean;
    readonly next_cursor: string | null;
}
export declare function fail(message: string, response?: KitResponse): never;
export declare function errorCodeOf(response: KitResponse): string | undefined;
export declare function expectStatus(response: KitResponse, expected: number | readonly number[], what: string): void;
/** The section 7.1 envelope: `{error: {code, message, param?}}`. */
export declare function readError(response: KitResponse, what: string): ErrorBody;
export declare function expectError(response: KitResponse, status: number, code: string | readonly string[], what: string, options?: {
    param?: string | RegExp;
}): ErrorBody;
/** `{data: {...}}` (2.1). */
export declare function readData(response: KitResponse, what: string): Record<string, unknown>;
/** `{data: [...], has_more, next_cursor}` (2.1). */
export declare function readList(response: KitResponse, what: string): ListBody;
/** Validates against a resource schema of the spec-as-code (unknown extra fields are allowed). */
export declare function expectShape<T>(value: unknown, schema: z.ZodType<T>, what: string, response?: KitResponse): T;
export declare function idOf(value: unknown): number | undefined;
