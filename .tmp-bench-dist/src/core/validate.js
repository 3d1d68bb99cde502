import { ApiError } from './errors.js';
export function firstIssue(error, root) {
    const issue = error.issues[0];
    if (!issue)
        return { param: root, message: `Invalid ${root}.` };
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
        const param = [...path, issue.keys[0]].join('.');
        return { param, message: `Unknown field: ${param}.` };
    }
    const param = path.length > 0 ? path.join('.') : root;
    return { param, message: `Invalid value for ${param}: ${issue.message}` };
}
export function parseOrThrow(schema, value, root, code = 'invalid_param') {
    const result = schema.safeParse(value);
    if (result.success)
        return result.data;
    const failure = firstIssue(result.error, root);
    throw new ApiError(code, failure.message, { param: failure.param });
}
//# sourceMappingURL=validate.js.map