/**
 * JSON paths, the small subset scenarios need: `$`, `.name`, `['odd name']`, `[3]`, and in rule
 * patterns also `[*]`, `.*` (any one key or index) and `..name` (at any depth).
 */

export type PathSegment = string | number;
/** A pattern segment: a key, an index, any one segment, or any run of segments (`..`). */
export type PatternSegment = PathSegment | { readonly any: 'one' } | { readonly any: 'many' };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

export function formatPath(path: readonly PathSegment[]): string {
  let out = '$';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `['${segment.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return out;
}

export class PathSyntaxError extends Error {}

/** Parses a path or pattern; throws PathSyntaxError naming the position. */
export function parsePattern(text: string): PatternSegment[] {
  if (!text.startsWith('$')) throw new PathSyntaxError(`${text}: a JSON path starts with $`);
  const out: PatternSegment[] = [];
  let i = 1;
  while (i < text.length) {
    if (text.startsWith('..', i)) {
      out.push({ any: 'many' });
      i += 2;
      const match = /^([A-Za-z_$][A-Za-z0-9_$-]*|\*)/.exec(text.slice(i));
      if (!match) throw new PathSyntaxError(`${text}: a name must follow .. at ${i}`);
      out.push(match[1] === '*' ? { any: 'one' } : match[1]!);
      i += match[1]!.length;
    } else if (text[i] === '.') {
      const match = /^([A-Za-z_$][A-Za-z0-9_$-]*|\*)/.exec(text.slice(i + 1));
      if (!match) throw new PathSyntaxError(`${text}: a name must follow . at ${i}`);
      out.push(match[1] === '*' ? { any: 'one' } : match[1]!);
      i += 1 + match[1]!.length;
    } else if (text[i] === '[') {
      const rest = text.slice(i);
      const index = /^\[(\d+|\*)\]/.exec(rest);
      const quoted = /^\[(['"])((?:\\.|(?!\1).)*)\1\]/.exec(rest);
      if (index) {
        out.push(index[1] === '*' ? { any: 'one' } : Number(index[1]));
        i += index[0].length;
      } else if (quoted) {
        out.push(quoted[2]!.replace(/\\(.)/g, '$1'));
        i += quoted[0].length;
      } else throw new PathSyntaxError(`${text}: a bracket holds an index, * or a quoted name, at ${i}`);
    } else throw new PathSyntaxError(`${text}: unexpected "${text[i]}" at ${i}`);
  }
  return out;
}

/** A concrete path (no wildcards). */
export function parsePath(text: string): PathSegment[] {
  const pattern = parsePattern(text);
  if (pattern.some((segment) => typeof segment === 'object')) throw new PathSyntaxError(`${text}: a capture path cannot hold * or ..`);
  return pattern as PathSegment[];
}

export function isConcrete(pattern: readonly PatternSegment[]): pattern is PathSegment[] {
  return pattern.every((segment) => typeof segment !== 'object');
}

export function matchesPattern(pattern: readonly PatternSegment[], path: readonly PathSegment[]): boolean {
  const match = (p: number, q: number): boolean => {
    if (p === pattern.length) return q === path.length;
    const segment = pattern[p]!;
    if (typeof segment === 'object') {
      if (segment.any === 'one') return q < path.length && match(p + 1, q + 1);
      for (let skip = q; skip <= path.length; skip++) if (match(p + 1, skip)) return true;
      return false;
    }
    return q < path.length && path[q] === segment && match(p + 1, q + 1);
  };
  return match(0, 0);
}

/** How specific a pattern is: concrete segments count most, `..` least (ties: the later rule wins). */
export function specificity(pattern: readonly PatternSegment[]): number {
  let score = 0;
  for (const segment of pattern) score += typeof segment !== 'object' ? 100 : segment.any === 'one' ? 10 : 1;
  return score;
}

export const MISSING = Symbol('missing');
export type Found = unknown | typeof MISSING;

export function getAt(value: unknown, path: readonly PathSegment[]): Found {
  let current: unknown = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') {
      if (segment >= current.length) return MISSING;
      current = current[segment];
    } else if (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.hasOwn(current, String(segment))) {
      current = (current as Record<string, unknown>)[String(segment)];
    } else return MISSING;
  }
  return current;
}
