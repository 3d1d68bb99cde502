/** Validates a seed, turning the first problem into an error that names its JSON path. */
import type { z } from 'zod';

export class SeedError extends Error {
  constructor(readonly jsonPath: string, message: string) {
    super(`${jsonPath}: ${message}`);
    this.name = 'SeedError';
  }
}

/** `['accounts', 0, 'plan']` -> `$.accounts[0].plan` */
export function toJsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

export interface SeedParseOptions {
  /**
   * Skip zod's JIT: before its first pass over an object schema, zod writes and compiles a fast
   * path for it (`new Function`), which pays off over many records and many parses, not over the
   * embedded default seed's single pass at start-up, where it cost some 15-50 ms
   * (docs/decisions.md, "Default seed start-up"). Same result and issues either way.
   */
  readonly jitless?: boolean;
}

export function parseSeedWith<S extends z.ZodType>(schema: S, value: unknown, options: SeedParseOptions = {}): z.output<S> {
  const result = schema.safeParse(value, options.jitless === true ? { jitless: true } : undefined);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const message = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
  throw new SeedError(toJsonPath(path), message);
}

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SeedError('$', `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
