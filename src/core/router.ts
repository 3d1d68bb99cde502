/**
 * A segment trie over the route table. Static segments rank above `{param}` siblings (the
 * stripe-mock rule), so `/appointments/availability` never reads as `/appointments/{id}`. A path
 * that matches no route is 404; a path that matches with another method is 405 with `Allow`.
 */

export interface RoutablePath {
  readonly method: string;
  /** Relative to the base path, with `{name}` segments, e.g. `/contacts/{id}/tags/{tag}`. */
  readonly path: string;
}

interface Node<R> {
  readonly statics: Map<string, Node<R>>;
  param: { readonly name: string; readonly node: Node<R> } | undefined;
  readonly methods: Map<string, R>;
}

export type RouteLookup<R> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Record<string, string> }
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly string[] }
  | { readonly kind: 'not_found' };

const newNode = <R>(): Node<R> => ({ statics: new Map(), param: undefined, methods: new Map() });

export class Router<R extends RoutablePath> {
  private readonly root: Node<R> = newNode();

  constructor(routes: Iterable<R> = []) {
    for (const route of routes) this.add(route);
  }

  add(route: R): void {
    let node = this.root;
    for (const segment of splitPath(route.path)) {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        const name = param[1]!;
        if (!node.param) node.param = { name, node: newNode() };
        else if (node.param.name !== name) {
          throw new Error(`route ${route.path}: {${name}} clashes with {${node.param.name}}`);
        }
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.methods.has(route.method)) throw new Error(`duplicate route ${route.method} ${route.path}`);
    node.methods.set(route.method, route);
  }

  /** Looks up `path` from character `from` on (after a mount prefix). */
  lookup(method: string, path: string, from = 0): RouteLookup<R> {
    // Param names and values, alternating, for the branch being tried: one array per lookup, built
    // into the params object only once a route matched (this runs on every request).
    const found: string[] = [];
    const node = this.match(this.root, splitPath(path, from), 0, found);
    if (!node) return NOT_FOUND;
    const route = node.methods.get(method);
    if (!route) return { kind: 'method_not_allowed', allow: [...node.methods.keys()].sort() };
    const params: Record<string, string> = {};
    for (let i = 0; i < found.length; i += 2) params[found[i]!] = found[i + 1]!;
    return { kind: 'found', route, params };
  }

  private match(node: Node<R>, segments: readonly string[], index: number, found: string[]): Node<R> | undefined {
    if (index === segments.length) return node.methods.size > 0 ? node : undefined;
    const segment = segments[index]!;
    // Static segments never hold escapes, so they compare raw; only a {param} is decoded.
    const staticNext = node.statics.get(segment);
    if (staticNext) {
      const matched = this.match(staticNext, segments, index + 1, found);
      if (matched) return matched;
    }
    if (!node.param) return undefined;
    const value = decodeSegment(segment);
    // An empty segment names nothing, and a malformed escape (`%E0%A4%A`) cannot be a value: 404.
    if (value === undefined || value === '') return undefined;
    found.push(node.param.name, value);
    const matched = this.match(node.param.node, segments, index + 1, found);
    if (!matched) found.length -= 2;
    return matched;
  }
}

const NOT_FOUND: RouteLookup<never> = { kind: 'not_found' };

function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * `/a/b/` and `/a/b` are the same path; empty inner segments are kept (they never match). `from`
 * skips a mount prefix without copying the path. One indexOf and one slice per segment: this runs
 * on every request, and slice-then-split measured about three times slower.
 */
export function splitPath(path: string, from = 0): string[] {
  let start = from;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  const segments: string[] = [];
  if (start === end) return segments;
  for (;;) {
    const slash = path.indexOf('/', start);
    if (slash === -1 || slash >= end) {
      segments.push(path.slice(start, end));
      return segments;
    }
    segments.push(path.slice(start, slash));
    start = slash + 1;
  }
}
