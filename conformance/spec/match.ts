/**
 * Matches a concrete request path to a route template (`/contacts/12/tags/vip` to
 * `/contacts/{id}/tags/{tag}`), static segments first, as a router would.
 */

interface Compiled {
  readonly key: string;
  readonly pattern: RegExp;
  readonly params: number;
}

export class RouteMatcher {
  private readonly compiled: Compiled[];

  /** `routes` are `METHOD /path` templates. */
  constructor(routes: Iterable<string>) {
    this.compiled = [...routes]
      .map((key) => {
        const [method, path] = key.split(' ') as [string, string];
        const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
        return { key, pattern: new RegExp(`^${method} ${source}/?$`), params: (path.match(/\{/g) ?? []).length };
      })
      .sort((a, b) => a.params - b.params);
  }

  /** The template key of `method path` (path relative to the base URL, no query), if any. */
  match(method: string, path: string): string | undefined {
    const subject = `${method.toUpperCase()} ${path}`;
    return this.compiled.find((route) => route.pattern.test(subject))?.key;
  }
}
