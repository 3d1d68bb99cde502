/**
 * Zod in, `ApiError` out: a failed parse becomes 400 `invalid_param` whose `param` names the first
 * offending field (dotted path, e.g. `governance.purpose` or `custom_fields.birthday`).
 */
import type { z } from 'zod';
import { type ErrorCode } from './errors.js';
export interface ValidationFailure {
    readonly param: string;
    readonly message: string;
}
export declare function firstIssue(error: z.ZodError, root: string): ValidationFailure;
export declare function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, root: string, code?: ErrorCode): z.output<S>;
