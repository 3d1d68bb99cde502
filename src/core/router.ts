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

  lookup(method: string, path: string): RouteLookup<R> {
    const segments = splitPath(path);
    const decoded: string[] = [];
    for (const segment of segments) {
      try {
        decoded.push(decodeURIComponent(segment));
      } catch {
        return { kind: 'not_found' };
      }
    }
    const match = this.match(this.root, segments, decoded, 0, {});
    if (!match) return { kind: 'not_found' };
    const route = match.node.methods.get(method);
    if (route) return { kind: 'found', route, params: match.params };
    return { kind: 'method_not_allowed', allow: [...match.node.methods.keys()].sort() };
  }

  private match(
    node: Node<R>,
    raw: readonly string[],
    decoded: readonly string[],
    index: number,
    params: Record<string, string>,
  ): { node: Node<R>; params: Record<string, string> } | undefined {
    if (index === raw.length) return node.methods.size > 0 ? { node, params } : undefined;
    const staticNext = node.statics.get(raw[index]!);
    if (staticNext) {
      const found = this.match(staticNext, raw, decoded, index + 1, params);
      if (found) return found;
    }
    if (node.param && decoded[index] !== '') {
      return this.match(node.param.node, raw, decoded, index + 1, {
        ...params,
        [node.param.name]: decoded[index]!,
      });
    }
    return undefined;
  }
}

/** `/a/b/` and `/a/b` are the same path; empty inner segments are kept (they never match). */
export function splitPath(path: string): string[] {
  // Index scans instead of two regex replaces: this runs on every request.
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  return start === end ? [] : path.slice(start, end).split('/');
}
