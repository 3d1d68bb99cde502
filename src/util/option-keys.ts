/**
 * Refuses option keys a function does not know. TypeScript catches a misspelt key in an object
 * literal, but JavaScript callers (and TS callers passing a variable) got silence: `rateLimt`
 * left the rate limit on, `checks` for `only` ran the whole conformance kit (audit 10d, F3).
 */
import { closest } from './did-you-mean.js';

/** Every key of `T`, listed once: `satisfies` makes a new option that is not listed a type error. */
export type KeyList<T> = Record<keyof T, true>;

/**
 * Throws a TypeError naming the first key of `options` not in `known`, and the closest known
 * key. `where` names the function (`createSimulator`) or nested option (`createSimulator clock`).
 * Keys whose value is `undefined` are checked too: `{ rateLimt: undefined }` is still a typo.
 * `aliases` maps a known wrong name to the right one when spelling alone would not find it.
 */
export function checkOptionKeys(where: string, options: unknown, known: Readonly<Record<string, true>>, aliases: Readonly<Record<string, string>> = {}): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options)) throw new TypeError(`${where}: options must be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  const valid = Object.keys(known);
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    // A name from elsewhere (the CLI's `--check` is `only` here) that spelling cannot find.
    const suggestions = Object.hasOwn(aliases, key) ? [aliases[key]!] : closest(key, valid, 1);
    const hint = suggestions.length > 0 ? `; did you mean "${suggestions[0]}"?` : '';
    throw new TypeError(`${where}: unknown option "${key}"${hint} (valid: ${valid.join(', ')})`);
  }
}
