/** Validates a seed, turning the first problem into an error that names its JSON path. */
import { SeedFile } from './schema.js';
export class SeedError extends Error {
    jsonPath;
    constructor(jsonPath, message) {
        super(`${jsonPath}: ${message}`);
        this.jsonPath = jsonPath;
        this.name = 'SeedError';
    }
}
/** `['accounts', 0, 'plan']` -> `$.accounts[0].plan` */
export function toJsonPath(path) {
    let out = '$';
    for (const part of path) {
        if (typeof part === 'number')
            out += `[${part}]`;
        else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part))
            out += `.${part}`;
        else
            out += `[${JSON.stringify(String(part))}]`;
    }
    return out;
}
export function parseSeed(value) {
    const result = SeedFile.safeParse(value);
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
    const message = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
    throw new SeedError(toJsonPath(path), message);
}
export function parseSeedText(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new SeedError('$', `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    return parseSeed(value);
}
//# sourceMappingURL=parse.js.map