/**
 * Zod in, `ApiError` out: a failed parse becomes 400 `invalid_param` whose `param` names the first
 * offending field (dotted path, e.g. `governance.purpose` or `custom_fields.birthday`).
 */
import type { z } from 'zod';
import { ApiError, type ErrorCode } from './errors.js';

export interface ValidationFailure {
  readonly param: string;
  readonly message: string;
}

export function firstIssue(error: z.ZodError, root: string): ValidationFailure {
  const issue = error.issues[0];
  if (!issue) return { param: root, message: `Invalid ${root}.` };
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
    const param = [...path, issue.keys[0]!].join('.');
    return { param, message: `Unknown field: ${param}.` };
  }
  const param = path.length > 0 ? path.join('.') : root;
  // zod words a missing field "expected string, received undefined": say what it means.
  if (issue.code === 'invalid_type' && path.length > 0 && /received undefined$/.test(issue.message)) {
    return { param, message: `Missing required field: ${param} (${issue.expected}).` };
  }
  return { param, message: `Invalid value for ${param}: ${issue.message}` };
}

export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  root: string,
  code: ErrorCode = 'invalid_param',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const failure = firstIssue(result.error, root);
  throw new ApiError(code, failure.message, { param: failure.param });
}
