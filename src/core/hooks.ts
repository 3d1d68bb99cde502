/**
 * Hooks: how a group lets others take part in its work without importing them. The group that
 * owns an action offers the hook (contacts offer `contactDeleted`); a group that needs it listens
 * (conversations erase their threads when a contact goes). Listeners run synchronously, inside
 * the caller's transaction, in registration order (the registry's order), and may answer: a
 * hook that collects (`run` returns every listener's answer) serves as a provider too.
 */

export class Hook<Args extends unknown[], Answer = void> {
  private readonly listeners: ((...args: Args) => Answer)[] = [];

  add(listener: (...args: Args) => Answer): void {
    this.listeners.push(listener);
  }

  /** Calls every listener in order and returns their answers. */
  run(...args: Args): Answer[] {
    const answers: Answer[] = [];
    for (const listener of this.listeners) answers.push(listener(...args));
    return answers;
  }

  /** The first answer that is not undefined, without asking the listeners after it. */
  first(...args: Args): Answer | undefined {
    for (const listener of this.listeners) {
      const answer = listener(...args);
      if (answer !== undefined) return answer;
    }
    return undefined;
  }

  get size(): number {
    return this.listeners.length;
  }
}

/** A hook a group offers, declared by type only; each simulator gets its own `Hook`. */
export interface HookSpec<Args extends unknown[], Answer = void> {
  readonly kind: 'hook';
  /** Phantom: carries the types, never set. */
  readonly types?: { readonly args: Args; readonly answer: Answer };
}

export function hook<Args extends unknown[], Answer = void>(): HookSpec<Args, Answer> {
  return { kind: 'hook' };
}

export type HookSpecs = Readonly<Record<string, HookSpec<unknown[], unknown>>>;

/** The live hooks of a simulator, from their specs. */
export type HooksOf<S> = {
  readonly [K in keyof S]: S[K] extends HookSpec<infer A, infer R> ? Hook<A, R> : never;
};

export function createHooks<S extends HookSpecs>(specs: S): HooksOf<S> {
  const hooks: Record<string, Hook<unknown[], unknown>> = {};
  for (const name of Object.keys(specs)) hooks[name] = new Hook();
  return hooks as HooksOf<S>;
}
