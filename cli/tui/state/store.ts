/**
 * A tiny external store: a plain reducer plus subscribers. Long-lived work (the tail, a
 * conformance run, the replay debugger) keeps its state here, outside React, so it survives
 * switching screens and can be tested without a terminal; screens read it with `useStore`.
 */
import { useSyncExternalStore } from 'react';

export class Store<S, A> {
  private listeners = new Set<() => void>();

  constructor(
    private readonly reducer: (state: S, action: A) => S,
    private state: S,
  ) {}

  get = (): S => this.state;

  dispatch = (action: A): void => {
    const next = this.reducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** Re-renders the component when the store's state changes. */
export function useStore<S, A>(store: Store<S, A>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
